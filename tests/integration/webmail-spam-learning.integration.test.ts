// "Spam" / "Not spam": moving a message into Junk through the API teaches the
// run's shared rspamd spam, out of Junk ham (its Bayes statistics live in the
// machine's Redis, a database of this run's own: tests/support/global-setup.ts),
// checked by rspamd's own count of messages learned (/stat on its controller,
// updated at each learn; its per-class Bayes counts lag behind, read from Redis now and then).
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { listMailboxMessages, updateMailboxMessage } from "@/shared/api/endpoints/mailbox-messages";
import { call } from "../support/api-client";
import { verifiedDomain } from "../support/domains";
import { createAccount, type TestAccount } from "../support/factories";
import { newMailbox, type TestMailbox } from "../support/hosted-mailboxes";
import { until } from "../support/poll";
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

const move = (id: string, body: { folder?: string; flagged?: boolean }) =>
  call(updateMailboxMessage, { token: account.accessToken, params: { mailbox_id: mailbox.id, message_id: id }, body });

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
