// Mailbox events reach the feed the way every event does, from a trigger
// (docs/architecture.md, "The event feed"): the writer inserts mailbox_events
// rows, account_events_from_mailbox_events writes the feed's event in the same
// statement, and no mailbox_events row stays.
import { describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { recordMailboxReceived } from "@/server/services/events/record-mailbox-received";
import { recordMailboxRuleMail } from "@/server/services/events/record-mailbox-rule-mail";
import { storedAccount, storedMailboxOnNewDomain } from "../support/stored-records";

type FeedRow = { type: string; object_type: string; object_id: string; domain: string; mailbox: string; detail: Record<string, unknown> };

async function feedOf(accountId: string): Promise<FeedRow[]> {
  const { rows } = await pool().query<FeedRow>(
    "select type, object_type, object_id, domain, mailbox, detail from account_events where account_id = $1 order by seq",
    [accountId],
  );
  return rows;
}

describe("mailbox events", () => {
  it("a received message is one mailbox.received event per mailbox, and no mailbox_events row stays", async () => {
    const account = await storedAccount();
    const first = await storedMailboxOnNewDomain(account.id);
    const second = await storedMailboxOnNewDomain(account.id);
    const raw = Buffer.from("Subject: =?utf-8?q?Gr=C3=BC=C3=9Fe?=\r\nFrom: a@example.org\r\n\r\nbody\r\n");
    await recordMailboxReceived([first.address.toUpperCase(), second.address], { mailFrom: "a@example.org", raw });
    const feed = await feedOf(account.id);
    expect(feed.map((row) => row.object_id).sort()).toEqual([first.id, second.id].sort());
    const row = feed.find((event) => event.object_id === first.id)!;
    expect(row).toEqual({
      type: "mailbox.received",
      object_type: "mailbox",
      object_id: first.id,
      domain: first.address.split("@")[1],
      mailbox: first.address,
      detail: { mailbox: first.address, from: "a@example.org", subject: "Grüße", folder: "INBOX", spamScore: null },
    });
    const { rows } = await pool().query("select 1 from mailbox_events where mailbox_id in ($1, $2)", [first.id, second.id]);
    expect(rows).toEqual([]);
  });

  it("a rule's forward is one mailbox.forwarded event per recipient", async () => {
    const account = await storedAccount();
    const mailbox = await storedMailboxOnNewDomain(account.id);
    await recordMailboxRuleMail("mailbox.forwarded", mailbox.address, ["One@example.org", "two@example.org"], {
      messageId: "msg_1",
      subject: "hello",
    });
    const feed = await feedOf(account.id);
    expect(feed.map((row) => [row.type, row.detail.to])).toEqual([
      ["mailbox.forwarded", "one@example.org"],
      ["mailbox.forwarded", "two@example.org"],
    ]);
    expect(feed[0]!.detail).toEqual({ mailbox: mailbox.address, to: "one@example.org", messageId: "msg_1", subject: "hello" });
  });
});
