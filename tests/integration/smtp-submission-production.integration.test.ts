// The submission listener as production runs it: AUTH is neither advertised
// nor accepted before STARTTLS, even from loopback (538 5.7.11, before any
// credential is asked for). Started in this process with a production
// configuration (nothing here reaches the database: the refusal comes before
// any credential is looked at), and spoken to by Debian's swaks and a socket.
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freeLoopbackPort } from "@/server/engines/free-port";
import { selfSignedCertificate } from "../support/self-signed-certificate";
import { authPlain, smtpDialogue } from "../support/smtp-dialogue";

/** swaks's transcript, read while the server in this process keeps answering. */
const swaks = (args: string[]) =>
  new Promise<string>((resolve) => {
    execFile("swaks", ["--server", "127.0.0.1", "--port", String(port), ...args], { encoding: "utf8" }, (_error, out) => resolve(out));
  });

let server: SMTPServer;
let port: number;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ces-prod-smtp-"));
  Object.assign(process.env, { DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  const certificate = selfSignedCertificate(path.join(dataDir, "tls"));
  const { parseEnv } = await import("@/server/config/env");
  const { createSubmissionServer } = await import("@/server/mail/submission/submission-server");
  const { mailTlsCredentials } = await import("@/server/security/tls-credentials");
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
  it("advertises AUTH only after STARTTLS", async () => {
    const transcript = await swaks(["--tls", "--quit-after", "HELO"]);
    const [beforeTls, afterTls] = transcript.split(/-> STARTTLS/);
    expect(beforeTls).toMatch(/250-STARTTLS/);
    expect(beforeTls).not.toMatch(/AUTH/);
    expect(afterTls).toMatch(/250-AUTH PLAIN LOGIN/);
  });

  it.each([
    ["AUTH LOGIN, before asking for the username or the key", "AUTH LOGIN"],
    ["AUTH PLAIN without its credentials", "AUTH PLAIN"],
    ["AUTH PLAIN with them", `AUTH PLAIN ${authPlain("apikey", "ces_secret")}`],
  ])("refuses %s before STARTTLS with 538 5.7.11, from loopback too", async (_case, command) => {
    const dialogue = smtpDialogue(port);
    try {
      expect((await dialogue.greeting).code).toBe(220);
      expect((await dialogue.send("EHLO client.test\r\n")).code).toBe(250);
      expect(await dialogue.send(`${command}\r\n`)).toEqual({
        code: 538,
        text: "5.7.11 Encryption required for requested authentication mechanism",
      });
    } finally {
      dialogue.end();
    }
  });
});
