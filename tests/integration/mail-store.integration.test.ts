// Hosted mailboxes in the app's child Dovecot, with real clients: imapflow,
// curl's IMAP and POP3, and LMTP delivery through deliverToMailboxes (the
// function the MX calls). Mailboxes are rows our hash functions wrote, read by
// Dovecot through the dovecot_* SQL functions.
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { smtpReplies } from "@/server/mail/reply-codes";
import { deliverToMailboxes } from "@/server/mail-store/lmtp/deliver-to-mailboxes";
import { resolveRecipient } from "@/server/services/mailboxes/resolve-recipient";
import { sql } from "../support/database";
import { loopbackClientAddresses } from "../support/client-addresses";
import { imapLogin } from "../support/mail-logins";
import { createAccount, type TestAccount } from "../support/factories";
import { newAlias, newAppPassword, storedMailbox, imapClient, rawMessage, type TestMailbox } from "../support/hosted-mailboxes";
import { eventually } from "../support/poll";
import { verifiedDomain } from "../support/domains";

const run = promisify(execFile);
const lmtpUrl = () => `lmtp://127.0.0.1:${inject("mailStore").lmtpPort}`;
const deliver = (raw: Buffer, recipients: string[]) =>
  deliverToMailboxes(raw, recipients, { lmtpUrl: lmtpUrl(), from: "sender@example.org" });

async function canLogIn(user: string, pass: string): Promise<boolean> {
  const client = imapClient(user, pass);
  try {
    await client.connect();
    await client.logout();
    return true;
  } catch (error) {
    if ((error as { authenticationFailed?: boolean }).authenticationFailed) return false;
    throw error;
  }
}

// A refused login costs Dovecot's auth_failure_delay (2 s) and curl tries more than one mechanism.
vi.setConfig({ testTimeout: 60_000 });

let owner: { accountId: string; domainId: string; domainName: string };
let mailbox: TestMailbox;

let account: TestAccount;

beforeAll(async () => {
  // This process's own settings (deliverToMailboxes and resolveRecipient read them): the server's database.
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "ces-mail-store-"));
  process.env.DATABASE_URL = inject("databaseUrl");
  process.env.LOG_LEVEL = "silent";
  account = await createAccount();
  const domain = await verifiedDomain(account, "mbx");
  owner = { accountId: account.user.id, domainId: domain.domain_id, domainName: domain.name };
  mailbox = await storedMailbox(owner, { local: "ada" });
});

// Logins meant to fail come from client addresses of this file's own: loopback's wrong-login
// budget (shared with SMTP AUTH, docs/security.md) is every other test's.
const clients = loopbackClientAddresses();
afterAll(() => clients.forget());
/** A login meant to fail, from an address of this file's own: true when Dovecot lets it in after all. */
const canLogInFromElsewhere = (user: string, pass: string) => imapLogin(inject("mailStore").imapPort, clients.next(), user, pass);

describe("IMAP and POP3 logins", () => {
  it("logs in with the mailbox password, case-insensitively, and records the login", async () => {
    expect(await canLogIn(mailbox.address.toUpperCase(), mailbox.password)).toBe(true);
    expect(await canLogInFromElsewhere(mailbox.address, `${mailbox.password}x`)).toBe(false);
    const [row] = await eventually(
      () => sql<{ last_login_at: Date | null }>("select last_login_at from mailboxes where id = $1", [mailbox.id]),
      (rows) => rows[0]?.last_login_at !== null,
    );
    expect(row!.last_login_at).not.toBeNull();
  });

  it("takes an app password for the protocols it allows only", async () => {
    const imapOnly = await newAppPassword(account, mailbox.id, ["imap"]);
    const smtpOnly = await newAppPassword(account, mailbox.id, ["smtp", "pop3"]);
    expect(await canLogIn(mailbox.address, imapOnly)).toBe(true);
    expect(await canLogInFromElsewhere(mailbox.address, smtpOnly)).toBe(false);
    const pop3Port = inject("mailStore").pop3Port;
    await expect(
      run("curl", ["-sS", "--max-time", "15", `pop3://127.0.0.1:${pop3Port}/`, "--user", `${mailbox.address}:${smtpOnly}`]),
    ).resolves.toBeTruthy();
    await expect(
      run("curl", [
        ...["-sS", "--max-time", "15", "--interface", clients.next()],
        ...[`pop3://127.0.0.1:${pop3Port}/`, "--user", `${mailbox.address}:${imapOnly}`],
      ]),
    ).rejects.toThrow();
  });

  it("refuses a protocol switched off for the mailbox", async () => {
    const closed = await storedMailbox(owner, { imapEnabled: false });
    expect(await canLogInFromElsewhere(closed.address, closed.password)).toBe(false);
    await sql("update mailboxes set imap_enabled = true where id = $1", [closed.id]);
    expect(await canLogIn(closed.address, closed.password)).toBe(true);
  });
});

describe("delivery over LMTP", () => {
  it("delivers into the mailbox; IMAP fetches it, IDLE sees the next one, curl reads both protocols", async () => {
    const [first] = await deliver(rawMessage(mailbox.address, "First over LMTP"), [mailbox.address]);
    expect(first).toEqual({ recipient: mailbox.address, delivered: true });

    const client = imapClient(mailbox.address, mailbox.password);
    await client.connect();
    const lock = await client.getMailboxLock("INBOX");
    try {
      const message = await client.fetchOne("*", { envelope: true, source: true });
      if (message === false) throw new Error("the inbox is empty");
      expect(message.envelope?.subject).toBe("First over LMTP");
      expect(message.source?.toString()).toContain("Return-Path: <sender@example.org>");

      const exists = new Promise<number>((resolve) => client.once("exists", (event: { count: number }) => resolve(event.count)));
      // IDLE lasts until the next command (the release below) ends it.
      void client.idle().catch(() => {});
      await deliver(rawMessage(mailbox.address, "Second, seen by IDLE"), [mailbox.address]);
      expect(await exists).toBeGreaterThanOrEqual(2);
    } finally {
      lock.release();
      await client.logout();
    }

    const { imapPort, pop3Port } = inject("mailStore");
    const imap = await run("curl", [
      "-sS",
      "--max-time",
      "15",
      `imap://127.0.0.1:${imapPort}/INBOX`,
      "--user",
      `${mailbox.address}:${mailbox.password}`,
      "-X",
      "FETCH 1:* (FLAGS)",
    ]);
    expect(imap.stdout).toMatch(/\* 2 FETCH/);
    const pop3 = await run("curl", [
      "-sS",
      "--max-time",
      "15",
      `pop3://127.0.0.1:${pop3Port}/`,
      "--user",
      `${mailbox.address}:${mailbox.password}`,
    ]);
    expect(pop3.stdout.trim().split("\n")).toHaveLength(2);
  });

  it("keeps usedBytes equal to Dovecot's quota accounting", async () => {
    const client = imapClient(mailbox.address, mailbox.password);
    await client.connect();
    const quota = await client.getQuota("INBOX");
    await client.logout();
    if (quota === false) throw new Error("no QUOTA answer");
    const usage = quota.storage?.usage ?? 0;
    expect(usage).toBeGreaterThan(0);
    const [row] = await eventually(
      () => sql<{ used_bytes: string }>("select used_bytes from mailboxes where id = $1", [mailbox.id]),
      (rows) => Number(rows[0]?.used_bytes) > 0,
    );
    // IMAP's QUOTA counts kilobytes, rounded.
    expect(Math.abs(Number(row!.used_bytes) - usage)).toBeLessThan(1024);
  });

  it("answers per recipient: over quota 452 4.2.2, unknown 550 5.1.1", async () => {
    const small = await storedMailbox(owner, { quotaBytes: 600 });
    const big = rawMessage(small.address, "Too big", `X-Padding: ${"x".repeat(900)}\r\n`);
    const outcomes = await deliver(big, [small.address, `nobody-here@${owner.domainName}`, mailbox.address]);
    expect(
      outcomes.map((outcome) =>
        outcome.delivered ? "delivered" : `${smtpReplies[outcome.refusal].code} ${smtpReplies[outcome.refusal].text.slice(0, 5)}`,
      ),
    ).toEqual(["452 4.2.2", "550 5.1.1", "delivered"]);
  });

  it("refuses logins and delivery once the mailbox is deleted", async () => {
    const doomed = await storedMailbox(owner);
    expect(await canLogIn(doomed.address, doomed.password)).toBe(true);
    await sql("delete from mailboxes where id = $1", [doomed.id]);
    expect(await canLogInFromElsewhere(doomed.address, doomed.password)).toBe(false);
    const [outcome] = await deliver(rawMessage(doomed.address, "Too late"), [doomed.address]);
    // 550 5.1.1 at the MX.
    expect(outcome).toMatchObject({ delivered: false, refusal: "unknownMailbox" });
  });

  it("answers 451 4.3.0 when the storage cannot be reached (senders retry)", async () => {
    const [outcome] = await deliverToMailboxes(rawMessage(mailbox.address, "Nowhere"), [mailbox.address], {
      lmtpUrl: "lmtp://127.0.0.1:1",
    });
    expect(outcome).toMatchObject({ delivered: false, refusal: "temporaryFailure" });
  });
});

describe("resolveRecipient", () => {
  it("finds the mailbox, an alias's destinations, the catch-all, or nothing", async () => {
    const other = await storedMailbox(owner, { local: "grace" });
    await newAlias(account, `team@${owner.domainName}`, [mailbox.address, other.address]);
    expect(await resolveRecipient(mailbox.address.toUpperCase())).toEqual([mailbox.address]);
    expect(await resolveRecipient(`Team@${owner.domainName}`)).toEqual([mailbox.address, other.address].sort());
    expect(await resolveRecipient(`whoever@${owner.domainName}`)).toBeNull();
    await newAlias(account, `*@${owner.domainName}`, [other.address]);
    expect(await resolveRecipient(`whoever@${owner.domainName}`)).toEqual([other.address]);
    expect(await resolveRecipient(mailbox.address)).toEqual([mailbox.address]);
    expect(await resolveRecipient("someone@unknown-domain.example")).toBeNull();
  });
});
