// Reputation warnings (docs/deliverability.md, "Reputation warnings"): the
// fold checks the domains it had counts for; past 4 % bounces or 0.1 %
// complaints over 24 hours with at least 100 sends, one warning a day per
// domain and metric, with its feed event.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { messageEvents, messages } from "@/server/db/schema";
import { newId } from "@/server/ids";
import { foldMessageStats } from "@/server/services/stats/fold-message-stats";
import { storedAccount } from "../support/stored-records";

async function domainOf(accountId: string) {
  const id = newId("dom");
  await db().execute(sql`
    insert into sending_domains (id, account_id, name, ownership_token, dkim_selector, dkim_public_key, dkim_private_key_sealed)
    values (${id}, ${accountId}, ${`rep-${id.slice(4, 12)}.example`}, 't', 's', 'p', 'k')`);
  return id;
}

/** A message from the domain to `count` recipients, handed off, with `bounced` hard bounces and `complained` complaints. */
async function sentMail(accountId: string, domainId: string, count: number, outcomes: { bounced?: number; complained?: number }) {
  const id = newId("msg");
  const to = Array.from({ length: count }, (_, index) => `r${index}@example.org`);
  await db()
    .insert(messages)
    .values({ id, accountId, domainId, fromDomain: "x.example", from: "a@x.example", to, subject: "s", messageIdHeader: `<${id}@x>` });
  await db()
    .insert(messageEvents)
    .values({ id: newId("mev"), messageId: id, type: "sent", detail: { recipients: to } });
  for (const recipient of to.slice(0, outcomes.bounced ?? 0))
    await db()
      .insert(messageEvents)
      .values({ id: newId("mev"), messageId: id, type: "bounced", detail: { recipient, bounceType: "hard" } });
  for (const recipient of to.slice(0, outcomes.complained ?? 0))
    await db()
      .insert(messageEvents)
      .values({ id: newId("mev"), messageId: id, type: "complained", detail: { recipient } });
}

const warningsOf = async (domainId: string) =>
  (
    await db().execute<{ metric: string; rate: number; sent: string; affected: string }>(
      sql`select metric, rate, sent, affected from reputation_warnings where domain_id = ${domainId} order by metric`,
    )
  ).rows.map((row) => ({ ...row, sent: Number(row.sent), affected: Number(row.affected) }));

const feedOf = async (accountId: string) =>
  (
    await db().execute<{ detail: Record<string, unknown> }>(
      sql`select detail from account_events where account_id = ${accountId} and type = 'domain.reputation_warning'`,
    )
  ).rows.map((row) => row.detail);

describe("reputation warnings", () => {
  it("warn once a day per domain and metric past 4 % bounces or 0.1 % complaints, with the feed's event", async () => {
    const account = await storedAccount();
    const domainId = await domainOf(account.id);
    await sentMail(account.id, domainId, 50, { bounced: 3 });
    await sentMail(account.id, domainId, 50, { bounced: 2, complained: 1 });
    await foldMessageStats();
    expect(await warningsOf(domainId)).toEqual([
      { metric: "bounce_rate", rate: 5, sent: 100, affected: 5 },
      { metric: "complaint_rate", rate: 1, sent: 100, affected: 1 },
    ]);
    expect(await feedOf(account.id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ metric: "bounce_rate", rate: 5, threshold: 4, sent: 100 })]),
    );
    // More bad mail the same day: no second warning.
    await sentMail(account.id, domainId, 50, { bounced: 10 });
    await foldMessageStats();
    expect(await warningsOf(domainId)).toHaveLength(2);
  });

  it("stay quiet under 100 sends, and at or under the thresholds", async () => {
    const account = await storedAccount();
    const few = await domainOf(account.id);
    await sentMail(account.id, few, 99, { bounced: 50, complained: 20 });
    const fine = await domainOf(account.id);
    await sentMail(account.id, fine, 100, { bounced: 4 });
    await sentMail(account.id, fine, 900, {});
    await foldMessageStats();
    expect(await warningsOf(few)).toEqual([]);
    expect(await warningsOf(fine)).toEqual([]);
  });
});
