// The dev mailbox reads back what the file transport wrote: newest first,
// bodies only for the one shown, and nothing outside DATA_DIR/mail.
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findLatestDevEmail, getDevEmail, listDevEmails, readDevEmailSource } from "@/server/outbound/dev-mailbox";
import { magicLinkEmail, passwordResetEmail, signInCodeEmail } from "@/server/notifications/templates/auth-emails";
import { fileTransport } from "@/server/outbound/transports/file";

const from = "Service <no-reply@example.test>";
const tempDataDir = () => mkdtempSync(path.join(tmpdir(), "ces-dev-mail-"));

async function sendAll(dataDir: string) {
  const transport = fileTransport(dataDir);
  // One at a time, a few milliseconds apart: ids start with the send time.
  for (const message of [
    signInCodeEmail("a@example.test", "111111"),
    passwordResetEmail("b@example.test", "222222"),
    magicLinkEmail("c@example.test", "https://app.example/auth/magic-link?token=t0k"),
  ]) {
    await transport.send({ ...message, from });
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("dev mailbox", () => {
  it("finds the newest email to an address, of one template if asked, with its code (what /dev/mail/latest.json answers)", async () => {
    const dataDir = tempDataDir();
    await sendAll(dataDir);
    const transport = fileTransport(dataDir);
    await transport.send({ ...signInCodeEmail("A@example.test", "333333"), from });
    expect(await findLatestDevEmail(dataDir, { to: "a@example.test" })).toMatchObject({ template: "sign-in-code", code: "333333" });
    expect(await findLatestDevEmail(dataDir, { to: "b@example.test", template: "password-reset" })).toMatchObject({ code: "222222" });
    expect(await findLatestDevEmail(dataDir, { to: "c@example.test" })).toMatchObject({ template: "magic-link", code: null });
    expect(await findLatestDevEmail(dataDir, { to: "b@example.test", template: "sign-in-code" })).toBeNull();
    expect(await findLatestDevEmail(dataDir, { to: "nobody@example.test" })).toBeNull();
  });

  it("lists the file transport's emails newest first, without their bodies", async () => {
    const dataDir = tempDataDir();
    await sendAll(dataDir);
    const { emails, total } = await listDevEmails(dataDir);
    expect(total).toBe(3);
    expect(emails.map((email) => [email.to, email.template, email.subject])).toEqual([
      ["c@example.test", "magic-link", "Your sign-in link"],
      ["b@example.test", "password-reset", "Reset your password"],
      ["a@example.test", "sign-in-code", "Your sign-in code"],
    ]);
    expect(emails[0]).toEqual({
      id: expect.any(String),
      sentAt: expect.any(String),
      to: "c@example.test",
      from,
      subject: "Your sign-in link",
      template: "magic-link",
    });
    expect(emails[0]).not.toHaveProperty("html");
  });

  it("keeps only the newest when limited, and still counts them all", async () => {
    const dataDir = tempDataDir();
    await sendAll(dataDir);
    const { emails, total } = await listDevEmails(dataDir, { limit: 2 });
    expect(total).toBe(3);
    expect(emails.map((email) => email.to)).toEqual(["c@example.test", "b@example.test"]);
  });

  it("reads one email's HTML and text parts and its .eml source", async () => {
    const dataDir = tempDataDir();
    await sendAll(dataDir);
    const [, reset] = (await listDevEmails(dataDir)).emails;
    const email = await getDevEmail(dataDir, reset!.id);
    expect(email?.text).toContain("222222");
    expect(email?.html).toContain("222222");
    const source = await readDevEmailSource(dataDir, reset!.id);
    expect(source?.toString("utf8")).toMatch(/^Subject: Reset your password/m);
  });

  it("is empty before anything was sent (no mail directory yet)", async () => {
    await expect(listDevEmails(tempDataDir())).resolves.toEqual({ emails: [], total: 0 });
  });

  it("skips files it cannot read as an email: half-written, foreign or misnamed", async () => {
    const dataDir = tempDataDir();
    await sendAll(dataDir);
    const directory = path.join(dataDir, "mail");
    writeFileSync(path.join(directory, "9999-half-written.json"), '{"id":"9999-half-wr');
    writeFileSync(path.join(directory, "9999-not-an-email.json"), JSON.stringify({ hello: "world" }));
    writeFileSync(
      path.join(directory, "9999-misnamed.json"),
      JSON.stringify({ ...(await getDevEmail(dataDir, (await listDevEmails(dataDir)).emails[0]!.id)), id: "other" }),
    );
    writeFileSync(path.join(directory, "notes.txt"), "not mail");
    const { emails } = await listDevEmails(dataDir);
    expect(emails).toHaveLength(3);
  });

  it.each(["../secrets", "..%2Fsecrets", "a/b", "", ".", "x".repeat(101)])(
    "refuses the id %j without touching the file system",
    async (id) => {
      const dataDir = tempDataDir();
      mkdirSync(path.join(dataDir, "mail"), { recursive: true });
      writeFileSync(path.join(dataDir, "secrets.json"), JSON.stringify({ authSecret: "s" }));
      await expect(getDevEmail(dataDir, id)).resolves.toBeNull();
      await expect(readDevEmailSource(dataDir, id)).resolves.toBeNull();
    },
  );

  it("answers null for an id that is not there", async () => {
    const dataDir = tempDataDir();
    await expect(getDevEmail(dataDir, "2026-01-01T00-00-00-000Z-abcd1234")).resolves.toBeNull();
    await expect(readDevEmailSource(dataDir, "2026-01-01T00-00-00-000Z-abcd1234")).resolves.toBeNull();
  });
});
