import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { magicLinkEmail, passwordResetEmail, signInCodeEmail } from "@/server/notifications/templates/auth-emails";
import { fileTransport } from "@/server/outbound/transports/file";

describe("auth email templates", () => {
  it.each([
    ["sign-in code", signInCodeEmail("a@example.test", "042917"), "042917"],
    ["password reset", passwordResetEmail("a@example.test", "998877"), "998877"],
    [
      "magic link",
      magicLinkEmail("a@example.test", "https://app.example/auth/magic-link?token=abc_DEF-123"),
      "https://app.example/auth/magic-link?token=abc_DEF-123",
    ],
  ])("%s: the plain-text part carries the secret verbatim; the HTML part supports dark mode", (_name, email, secret) => {
    expect(email.text).toContain(secret);
    expect(email.html).toContain(secret);
    expect(email.html).toContain("prefers-color-scheme: dark");
    expect(email.html).toContain('lang="en"');
  });

  it("escapes what it puts in HTML", () => {
    const email = magicLinkEmail("a@example.test", 'https://app.example/x?"><script>alert(1)</script>');
    expect(email.html).not.toContain("<script>alert(1)");
  });
});

describe("file transport", () => {
  it("writes an .eml file and a JSON copy for the dev mailbox", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "ces-mail-"));
    await fileTransport(dataDir).send({ ...signInCodeEmail("a@example.test", "123456"), from: "Service <no-reply@example.test>" });
    const files = readdirSync(path.join(dataDir, "mail")).sort();
    expect(files.map((file) => path.extname(file))).toEqual([".eml", ".json"]);
    const raw = readFileSync(path.join(dataDir, "mail", files[0]!), "utf8");
    expect(raw).toMatch(/^Subject: Your sign-in code/m);
    expect(raw).toContain("123456");
  });
});
