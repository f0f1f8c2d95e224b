// The TLS the mail listeners offer (docs/security.md, "Mail logins and TLS"):
// TLS 1.2 and 1.3 only, ECDHE with AEAD ciphers in the server's order; no
// static RSA key exchange, no CBC with SHA-1. Checked with openssl s_client
// against a submission listener with an RSA certificate (the kind most
// operators install), and against the Dovecot child of the test server.
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freeLoopbackPort } from "@/server/engines/free-port";

let server: SMTPServer;
let port: number;

/** openssl s_client's handshake; the cipher it ended with, or null when the server refused. */
function handshake(args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    const child = execFile("openssl", ["s_client", "-brief", ...args], { encoding: "utf8", timeout: 15_000 }, (_error, stdout, stderr) => {
      const match = /Ciphersuite: (\S+)/.exec(`${stdout}${stderr}`);
      resolve(match ? match[1]! : null);
    });
    child.stdin?.end();
  });
}

const submission = (...args: string[]) => handshake(["-connect", `127.0.0.1:${port}`, "-starttls", "smtp", ...args]);

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ces-tls-ciphers-"));
  const certFile = path.join(dataDir, "rsa.crt");
  const keyFile = path.join(dataDir, "rsa.key");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", keyFile, "-out", certFile, "-days", "2"].concat([
      "-subj",
      "/CN=localhost",
    ]),
    {
      stdio: "ignore",
    },
  );
  Object.assign(process.env, { DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  const { parseEnv } = await import("@/server/config/env");
  const { createSubmissionServer } = await import("@/server/mail/submission/submission-server");
  const { mailTlsCredentials } = await import("@/server/security/tls-credentials");
  const config = parseEnv({
    APP_ENV: "test",
    DATA_DIR: dataDir,
    EMAIL_TRANSPORT: "smtp",
    SMTP_URL: "smtp://127.0.0.1:9",
    MAIL_HOSTNAME: "localhost",
    MAIL_TLS_CERT_FILE: certFile,
    MAIL_TLS_KEY_FILE: keyFile,
  });
  port = await freeLoopbackPort();
  server = createSubmissionServer({ config, tls: mailTlsCredentials(config), implicitTls: false });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("TLS on the Node mail listeners", () => {
  it.each([
    ["static RSA key exchange", "AES128-SHA"],
    ["static RSA with GCM", "AES128-GCM-SHA256"],
    ["CBC with SHA-1", "ECDHE-RSA-AES128-SHA"],
    ["CBC with SHA-256", "ECDHE-RSA-AES128-SHA256"],
  ])("refuses %s over TLS 1.2 (%s)", async (_case, cipher) => {
    await expect(submission("-tls1_2", "-cipher", cipher)).resolves.toBeNull();
  });

  it("accepts ECDHE with GCM over TLS 1.2, choosing by the server's order", async () => {
    await expect(submission("-tls1_2", "-cipher", "ECDHE-RSA-AES128-GCM-SHA256")).resolves.toBe("ECDHE-RSA-AES128-GCM-SHA256");
    // The client prefers AES-256; the server's list puts AES-128 first.
    await expect(submission("-tls1_2", "-cipher", "ECDHE-RSA-AES256-GCM-SHA384:ECDHE-RSA-AES128-GCM-SHA256")).resolves.toBe(
      "ECDHE-RSA-AES128-GCM-SHA256",
    );
  });

  it("accepts TLS 1.3 and refuses TLS 1.1", async () => {
    await expect(submission("-tls1_3")).resolves.toMatch(/^TLS_/);
    await expect(submission("-tls1_1", "-cipher", "DEFAULT@SECLEVEL=0")).resolves.toBeNull();
  });
});

describe("TLS on Dovecot's IMAP", () => {
  const imap = (...args: string[]) => handshake(["-connect", `127.0.0.1:${inject("mailStore").imapPort}`, "-starttls", "imap", ...args]);

  it("refuses CBC with SHA-1 over TLS 1.2 and accepts ECDHE with GCM", async () => {
    await expect(imap("-tls1_2", "-cipher", "ECDHE-ECDSA-AES128-SHA")).resolves.toBeNull();
    await expect(imap("-tls1_2", "-cipher", "ECDHE-ECDSA-AES128-GCM-SHA256")).resolves.toBe("ECDHE-ECDSA-AES128-GCM-SHA256");
  });
});
