import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "@/server/config/env";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "ces-env-"));

function problemsOf(source: Record<string, string | undefined>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

describe("parseEnv", () => {
  it("works with nothing set outside production, generating secrets once under DATA_DIR", () => {
    const dataDir = tempDir();
    const first = parseEnv({ DATA_DIR: dataDir });
    expect(first.APP_ENV).toBe("development");
    expect(first.PORT).toBe(3000);
    expect(first.emailTransport).toBe("file");
    expect(first.mail.hostname).toBe("localhost");
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.encryptionKeys).toHaveLength(1);
    const file = path.join(dataDir, "secrets.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = parseEnv({ DATA_DIR: dataDir });
    expect(second.authSecret).toBe(first.authSecret);
    expect(second.encryptionKeys[0]!.key.equals(first.encryptionKeys[0]!.key)).toBe(true);
    expect(readFileSync(file, "utf8")).toContain(first.authSecret);
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ APP_ENV: "staging" }, "APP_ENV"],
    [{ ENCRYPTION_KEY: "abc" }, "ENCRYPTION_KEY"],
    [{ ENCRYPTION_KEYS: "k1:zz" }, "ENCRYPTION_KEYS"],
    [{ DNS_SERVERS: "bad host" }, "DNS_SERVERS"],
    [{ DNS_SERVERS: "dns.example.com:53" }, "DNS_SERVERS"],
    [{ DNS_SERVERS: "127.0.0.1:70000" }, "DNS_SERVERS"],
    [{ SENDING_SPF_DOMAIN: "not a host" }, "SENDING_SPF_DOMAIN"],
    [{ SENDING_RETURN_PATH_DOMAIN: "localhost" }, "SENDING_RETURN_PATH_DOMAIN"],
    [{ RELAY_ALLOW_PRIVATE_HOSTS: "maybe" }, "RELAY_ALLOW_PRIVATE_HOSTS"],
    [{ EMAIL_TRANSPORT: "smtp" }, "SMTP_URL"],
    [{ EMAIL_TRANSPORT: "resend" }, "RESEND_API_KEY"],
    [{ APP_URL: "ftp://example.com" }, "APP_URL"],
  ])("names the bad variable in %j", (source, variable) => {
    const problems = problemsOf({ DATA_DIR: tempDir(), ...source });
    expect(problems.some((problem) => problem.startsWith(`${variable}:`))).toBe(true);
  });

  it("requires the production secrets and refuses the sandbox gateway in production", () => {
    // POSTFIX=off: without the outbound MTA, production has no transport for the service's emails unless one is named.
    const problems = problemsOf({ APP_ENV: "production", POSTFIX: "off", SANDBOX_WEBHOOK_SECRET: "x".repeat(20) });
    expect(problems.map((problem) => problem.split(":")[0])).toEqual(
      expect.arrayContaining([
        "APP_URL",
        "AUTH_SECRET",
        "ENCRYPTION_KEYS",
        "SANDBOX_WEBHOOK_SECRET",
        "EMAIL_TRANSPORT",
        "MAIL_HOSTNAME",
        "MAIL_TLS_CERT_FILE",
      ]),
    );
  });

  it("needs no mail certificate in production when every mail listener is off", () => {
    const problems = problemsOf({
      APP_ENV: "production",
      SUBMISSION_PORT: "0",
      SUBMISSIONS_PORT: "0",
      MX_PORT: "0",
      IMAP_PORT: "0",
      POP3_PORT: "0",
      MANAGESIEVE_PORT: "0",
    });
    expect(problems.map((problem) => problem.split(":")[0])).not.toEqual(expect.arrayContaining(["MAIL_TLS_CERT_FILE"]));
    const dovecotOn = problemsOf({ APP_ENV: "production", SUBMISSION_PORT: "0", SUBMISSIONS_PORT: "0" });
    expect(dovecotOn.map((problem) => problem.split(":")[0])).toContain("MAIL_TLS_CERT_FILE");
  });

  it("runs Dovecot as a child process by default: implicit TLS ports in production, STARTTLS ports elsewhere", () => {
    const development = parseEnv({ DATA_DIR: tempDir() });
    expect(development.mailStore).toMatchObject({
      mode: "auto",
      imapPort: 1143,
      pop3Port: 1110,
      managesievePort: 4190,
      implicitTls: false,
      lmtpUrl: "lmtp://127.0.0.1:2424",
    });
    const external = parseEnv({ DATA_DIR: tempDir(), DOVECOT: "external", LMTP_URL: "lmtp://store.internal:24" });
    expect(external.mailStore).toMatchObject({
      mode: "external",
      lmtpUrl: "lmtp://store.internal:24",
      imapUrl: "imaps://store.internal:993",
    });
    expect(parseEnv({ DATA_DIR: tempDir(), DOVECOT: "off" }).mailStore).toMatchObject({ lmtpUrl: null, imapUrl: null });
    expect(problemsOf({ DATA_DIR: tempDir(), DOVECOT: "external" })).toContain(
      "LMTP_URL: required when DOVECOT=external (lmtp://host:port)",
    );
    expect(problemsOf({ DOVECOT: "sometimes" }).map((problem) => problem.split(":")[0])).toEqual(["DOVECOT"]);
  });

  it("listens on loopback with development ports outside production, named after APP_URL", () => {
    const config = parseEnv({ DATA_DIR: tempDir(), APP_URL: "http://portal.test:3000" });
    expect(config.mail).toEqual({
      hostname: "portal.test",
      listen: "127.0.0.1",
      submissionPort: 2587,
      submissionsPort: 2465,
      mxPort: 2525,
      tls: null,
    });
  });

  it("accepts a complete production configuration without touching DATA_DIR", () => {
    const dataDir = path.join(tempDir(), "never-created");
    const config = parseEnv({
      APP_ENV: "production",
      DATA_DIR: dataDir,
      APP_URL: "https://mail.example.com/",
      MAIL_HOSTNAME: "MX.Example.com",
      AUTH_SECRET: "s".repeat(40),
      ENCRYPTION_KEYS: `k2:${"a".repeat(64)},k1:${"b".repeat(64)}`,
      EMAIL_TRANSPORT: "smtp",
      SMTP_URL: "smtp://user:pass@smtp.example.com:587",
      TRUSTED_PROXIES: "10.0.0.1, 10.0.0.2",
      DNS_SERVERS: "192.0.2.53, 127.0.0.1:5353, [::1]:5353, 2001:db8::53",
      SENDING_SPF_DOMAIN: "_SPF.Example.com.",
      MAIL_TLS_CERT_FILE: "/etc/ces/mail-cert.pem",
      MAIL_TLS_KEY_FILE: "/etc/ces/mail-key.pem",
    });
    expect(config.mail).toEqual({
      hostname: "mx.example.com",
      listen: "0.0.0.0",
      submissionPort: 587,
      submissionsPort: 465,
      mxPort: 25,
      tls: { certFile: "/etc/ces/mail-cert.pem", keyFile: "/etc/ces/mail-key.pem" },
    });
    expect(config.DNS_SERVERS).toEqual(["192.0.2.53", "127.0.0.1:5353", "[::1]:5353", "2001:db8::53"]);
    expect(config.SENDING_SPF_DOMAIN).toBe("_spf.example.com");
    expect(config.appUrl).toBe("https://mail.example.com");
    expect(config.mail.hostname).toBe("mx.example.com");
    expect(config.encryptionKeys.map((key) => key.id)).toEqual(["k2", "k1"]);
    expect(config.TRUSTED_PROXIES).toEqual(["10.0.0.1", "10.0.0.2"]);
    expect(() => statSync(dataDir)).toThrow();
  });
});
