// "Spam" / "Not spam": moving a message into Junk through the API teaches the
// run's shared rspamd spam, out of Junk ham (its Bayes statistics live in the
// machine's Redis, a database of this run's own: tests/support/global-setup.ts),
// checked by rspamd's own count of messages learned (/stat on its controller,
// updated at each learn; its per-class Bayes counts lag behind, read from Redis now and then).
// Each account has statistics of its own: what one account teaches (two
// lessons of each class, all the run's rspamd needs: tests/support/rspamd.ts)
// scores its own mail at the MX and never another account's. An account's
// lessons are counted (a small budget in this run), and past them a move
// still moves but teaches nothing.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { listMailboxMessages, updateMailboxMessage } from "@/shared/api/endpoints/mailbox-messages";
import { call } from "../support/api-client";
import { verifiedDomain } from "../support/domains";
import { createAccount, type TestAccount } from "../support/factories";
import { imapClient, newMailbox, type TestMailbox } from "../support/hosted-mailboxes";
import { inbox, mxTransaction, short } from "../support/mx-client";
import { until } from "../support/poll";
import { TEST_SPAM_LESSONS_PER_ACCOUNT } from "../support/rspamd";
import { deliverText } from "../support/webmail";

let account: TestAccount;
let mailbox: TestMailbox;

/** How many messages rspamd has learned since it started. */
async function learned(): Promise<number | null> {
  const { url, password } = inject("spamFilter").controller;
  const response = await fetch(`${url}/stat`, { headers: { Password: password }, signal: AbortSignal.timeout(3_000) }).catch(() => null);
  if (!response?.ok) return null;
  const stat = (await response.json()) as { learned?: number };
  return stat.learned ?? null;
}

const move = (id: string, body: { folder?: string; flagged?: boolean }, owner = account, box = mailbox) =>
  call(updateMailboxMessage, { token: owner.accessToken, params: { mailbox_id: box.id, message_id: id }, body });

/** Words no other message has (rspamd learns a message once), and enough of them for its Bayes (11 tokens). */
const words = (count: number) => Array.from({ length: count }, () => randomBytes(4).toString("hex")).join(" ");

/** The id of the message with `subject` in `folder`. */
async function idOf(owner: TestAccount, box: TestMailbox, subject: string, folder = "INBOX"): Promise<string> {
  const listed = await call(listMailboxMessages, { token: owner.accessToken, params: { mailbox_id: box.id }, query: { folder } });
  const found = listed.body.data.items.find((item) => item.subject === subject);
  if (!found) throw new Error(`no "${subject}" in ${folder}`);
  return found.id;
}

/** The X-Spam-Symbols field of the copy the MX stored, in the inbox or in Junk. */
async function spamSymbolsOf(box: TestMailbox, subject: string): Promise<string> {
  for (const folder of ["INBOX", "Junk"]) {
    const copy = (await inbox(imapClient(box.address, box.password), folder)).find((message) => message.subject === subject);
    if (copy) return /^X-Spam-Symbols: (.*)\r$/m.exec(copy.source)?.[1] ?? "";
  }
  throw new Error(`no "${subject}" in ${box.address}`);
}

beforeAll(async () => {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "ces-spam-learning-"));
  process.env.LOG_LEVEL = "silent";
  account = await createAccount();
  mailbox = await newMailbox(account, await verifiedDomain(account, "learn"));
  // The shared rspamd loads in the background at the start of the run (15-30 s here).
  expect(await until(async () => (await learned()) !== null, 110_000, 500)).toBe(true);
});

describe("moves teach rspamd", () => {
  it("into Junk → spam, out to INBOX → ham, other changes → nothing", async () => {
    // Words no other message has (rspamd learns a message once), and enough of them for its Bayes (11 tokens).
    const words = Array.from({ length: 30 }, () => randomBytes(4).toString("hex")).join(" ");
    await deliverText(mailbox.address, { subject: "Cheap watches", text: `Buy now, limited offer: ${words}` });
    const listed = await call(listMailboxMessages, { token: account.accessToken, params: { mailbox_id: mailbox.id }, query: {} });
    const id = listed.body.data.items[0]!.id;

    const before = (await learned())!;
    const intoJunk = await move(id, { folder: "Junk" });
    expect(intoJunk.status).toBe(200);
    expect(intoJunk.body.data).toMatchObject({ id, folder: "Junk", learned: "spam" });
    const afterSpam = (await learned())!;
    expect(afterSpam).toBeGreaterThan(before);

    const flagged = await move(id, { flagged: true });
    expect(flagged.body.data).toMatchObject({ folder: "Junk", flagged: true, learned: null });

    const outOfJunk = await move(id, { folder: "INBOX" });
    expect(outOfJunk.body.data).toMatchObject({ id, folder: "INBOX", learned: "ham" });
    expect((await learned())!).toBeGreaterThan(afterSpam);
  });
});

describe("each account has statistics of its own", () => {
  it("what one account teaches scores its own mail at the MX, never another account's", async () => {
    const other = await createAccount();
    const otherBox = await newMailbox(other, await verifiedDomain(other, "learn-other"));
    const spamWords = words(20);
    // Two lessons of each class: spam moved into Junk, ham (filed into Junk at delivery) moved out of it.
    for (const index of [1, 2]) {
      const subject = `Offer ${index} ${words(1)}`;
      await deliverText(mailbox.address, { subject, text: `${spamWords} ${words(8)}` });
      expect((await move(await idOf(account, mailbox, subject), { folder: "Junk" })).body.data.learned).toBe("spam");
    }
    const hamWords = words(20);
    for (const index of [1, 2]) {
      const subject = `Minutes ${index} ${words(1)}`;
      await deliverText(mailbox.address, { subject, text: `${hamWords} ${words(8)}`, headers: { "X-Spam-Folder": "Junk" } });
      expect((await move(await idOf(account, mailbox, subject, "Junk"), { folder: "INBOX" })).body.data.learned).toBe("ham");
    }

    // The same ordinary message to both accounts' mailboxes, through the MX.
    const subject = `Hello ${words(1)}`;
    const message = (to: string) =>
      Buffer.from(
        `From: Sender <sender@example.org>\r\nTo: ${to}\r\nSubject: ${subject}\r\nMessage-ID: <${words(2).replace(" ", ".")}@example.org>\r\n` +
          `Date: ${new Date().toUTCString()}\r\n\r\n${spamWords} ${words(8)}\r\n`,
      );
    for (const box of [mailbox, otherBox]) {
      expect(short((await mxTransaction(inject("mxPort"), "sender@example.org", [box.address], message(box.address))).data)).toBe(
        "250 2.0.0",
      );
    }
    expect(await spamSymbolsOf(mailbox, subject)).toMatch(/\bBAYES_SPAM\(/);
    const others = await spamSymbolsOf(otherBox, subject);
    // Scored by rspamd, without the first account's lessons.
    expect(others).not.toBe("");
    expect(others).not.toMatch(/\bBAYES_/);
  }, 90_000);
});

describe("an account's lessons are counted", () => {
  it(`past ${TEST_SPAM_LESSONS_PER_ACCOUNT} lessons in the window a move still moves, but teaches nothing`, async () => {
    const owner = await createAccount();
    const box = await newMailbox(owner, await verifiedDomain(owner, "learn-budget"));
    const subject = `Budget ${words(1)}`;
    await deliverText(box.address, { subject, text: `Spend the lessons: ${words(30)}` });
    const id = await idOf(owner, box, subject);
    for (let lesson = 0; lesson < TEST_SPAM_LESSONS_PER_ACCOUNT; lesson += 1) {
      const intoJunk = lesson % 2 === 0;
      const moved = await move(id, { folder: intoJunk ? "Junk" : "INBOX" }, owner, box);
      expect(moved.body.data).toMatchObject({ folder: intoJunk ? "Junk" : "INBOX", learned: intoJunk ? "spam" : "ham" });
    }
    const past = await move(id, { folder: "Junk" }, owner, box);
    expect(past.status).toBe(200);
    expect(past.body.data).toMatchObject({ id, folder: "Junk", learned: null });
    // Another account's lessons are its own.
    const other = await createAccount();
    const otherBox = await newMailbox(other, await verifiedDomain(other, "learn-budget-other"));
    await deliverText(otherBox.address, { subject, text: `Still taught: ${words(30)}` });
    expect((await move(await idOf(other, otherBox, subject), { folder: "Junk" }, other, otherBox)).body.data.learned).toBe("spam");
  }, 60_000);
});
