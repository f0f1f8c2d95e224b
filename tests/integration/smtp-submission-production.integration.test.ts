// The submission listener as production runs it: AUTH before STARTTLS is
// refused with 538 5.7.11 even from loopback. Started in this process with a
// production configuration (nothing here reaches the database: the refusal
// comes before any credential is looked at), and spoken to by Debian's swaks.
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freeLoopbackPort } from "@/server/runtime/free-port";
import { selfSignedCertificate } from "../support/self-signed-certificate";

let server: SMTPServer;
let port: number;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ces-prod-smtp-"));
  Object.assign(process.env, { DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  const certificate = selfSignedCertificate(path.join(dataDir, "tls"));
  const { parseEnv } = await import("@/server/env");
  const { createSubmissionServer } = await import("@/server/mail/submission/submission-server");
  const { mailTlsCredentials } = await import("@/server/mail/tls-credentials");
  const config = parseEnv({
    APP_ENV: "production",
    DATA_DIR: dataDir,
    APP_URL: "https://mail.example.com",
    AUTH_SECRET: "p".repeat(40),
    ENCRYPTION_KEY: "1".repeat(64),
    EMAIL_TRANSPORT: "smtp",
    SMTP_URL: "smtp://127.0.0.1:9",
    MAIL_HOSTNAME: "localhost",
    MAIL_TLS_CERT_FILE: certificate.certFile,
    MAIL_TLS_KEY_FILE: certificate.keyFile,
  });
  port = await freeLoopbackPort();
  server = createSubmissionServer({ config, tls: mailTlsCredentials(config), implicitTls: false });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("SMTP submission in production", () => {
  it("refuses AUTH before STARTTLS with 538 5.7.11, from loopback too", async () => {
    // Asynchronously: the server runs in this process and must keep answering while swaks talks to it.
    const stdout = await new Promise<string>((resolve) => {
      const args = [
        "--server",
        "127.0.0.1",
        "--port",
        String(port),
        "--auth",
        "PLAIN",
        "--auth-user",
        "apikey",
        "--auth-password",
        "ces_secret",
        "--quit-after",
        "AUTH",
      ];
      execFile("swaks", args, { encoding: "utf8" }, (_error, out) => resolve(out));
    });
    expect(stdout).toMatch(/250-STARTTLS/);
    expect(stdout).toMatch(/<\*\* 538 5\.7\.11 Encryption required/);
  });
});
