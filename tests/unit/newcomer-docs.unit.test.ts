// What a newcomer reads first: .env.example names every mail variable with
// the defaults outside production (production's in comments), the README's
// quick start lists the ports npm start opens, and the docs name the test
// ports the test setup really uses.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { devDnsSettings } from "@/server/config/dev-dns-settings";
import { mailEnvShape } from "@/server/config/env-mail";
import { mailListeners } from "@/server/config/mail-listener-settings";
import { mailStoreSettings } from "@/server/config/mail-store-settings";

/** NAME=value of every line, commented out or not; the value stops at whitespace (an inline comment follows). */
function exampleValues(): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of readFileSync(".env.example", "utf8").split("\n")) {
    const match = /^#?\s*([A-Z][A-Z0-9_]*)=(\S*)/.exec(line);
    if (match) values.set(match[1]!, match[2]!);
  }
  return values;
}

describe(".env.example", () => {
  it("names every mail variable an operator sets", () => {
    const named = exampleValues();
    // DOVECOT_IMAP_URL is set by the launcher for its workers, not by people.
    const variables = Object.keys(mailEnvShape).filter((name) => name !== "DOVECOT_IMAP_URL");
    expect(variables.filter((name) => !named.has(name))).toEqual([]);
  });

  it("shows the listeners' and Dovecot's defaults outside production", () => {
    const named = exampleValues();
    const listeners = mailListeners({}, "localhost", false);
    const store = mailStoreSettings({}, false);
    expect({
      MAIL_LISTEN: named.get("MAIL_LISTEN"),
      SUBMISSION_PORT: named.get("SUBMISSION_PORT"),
      SUBMISSIONS_PORT: named.get("SUBMISSIONS_PORT"),
      MX_PORT: named.get("MX_PORT"),
      DOVECOT: named.get("DOVECOT"),
      LMTP_PORT: named.get("LMTP_PORT"),
      IMAP_PORT: named.get("IMAP_PORT"),
      POP3_PORT: named.get("POP3_PORT"),
    }).toEqual({
      MAIL_LISTEN: listeners.listen,
      SUBMISSION_PORT: String(listeners.submissionPort),
      SUBMISSIONS_PORT: String(listeners.submissionsPort),
      MX_PORT: String(listeners.mxPort),
      DOVECOT: store.mode,
      LMTP_PORT: String(store.lmtpPort),
      IMAP_PORT: String(store.imapPort),
      POP3_PORT: String(store.pop3Port),
    });
  });
});

describe("README quick start", () => {
  it("lists every port npm start opens by default outside production", () => {
    const readme = readFileSync("README.md", "utf8");
    const quickStart = readme.slice(readme.indexOf("## Quick start"), readme.indexOf("## Send your first email"));
    const listeners = mailListeners({}, "localhost", false);
    const store = mailStoreSettings({}, false);
    const ports = [
      3000,
      listeners.submissionPort,
      listeners.submissionsPort,
      listeners.mxPort,
      store.imapPort,
      store.pop3Port,
      store.lmtpPort,
      devDnsSettings({}, false)!.port,
    ];
    expect(ports.filter((port) => !new RegExp(`\\b${port}\\b`).test(quickStart))).toEqual([]);
  });
});

describe("docs on test ports", () => {
  it("name only the E2E_*PORT variables playwright.config.ts sets, and no port arithmetic on E2E_PORT", () => {
    const config = readFileSync("playwright.config.ts", "utf8");
    const docs = readdirSync("docs")
      .filter((file) => file.endsWith(".md"))
      .map((file) => [file, readFileSync(`docs/${file}`, "utf8")] as const);
    const named = docs.flatMap(([file, text]) => [...text.matchAll(/\bE2E_[A-Z_]*PORT\b/g)].map((match) => `${file}: ${match[0]}`));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((entry) => !config.includes(`process.env.${entry.split(": ")[1]}`))).toEqual([]);
    expect(docs.filter(([, text]) => /E2E_PORT\s*\+/.test(text)).map(([file]) => file)).toEqual([]);
  });
});
