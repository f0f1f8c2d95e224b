// The stats rollup (docs/deliverability.md, "How stats are kept"): the trigger
// on message_events counts each statement's events per recipient, provider
// and tag into pending rows; the fold adds them into the hourly rollup; the
// reader sums both, so a fold changes no answer.
import { sql as drizzleSql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { messageEvents, messages } from "@/server/db/schema";
import { newId } from "@/server/ids";
import type { SendingPrincipal } from "@/server/services/auth/sending-principal";
import { foldMessageStats } from "@/server/services/stats/fold-message-stats";
import { readSendingStats, statsWindow } from "@/server/services/stats/read-sending-stats";
import { rememberRecipientProviders } from "@/server/services/stats/remember-recipient-providers";
import { storedAccount } from "../support/stored-records";

const principalOf = (accountId: string) => ({ accountId, apiKey: null }) as unknown as SendingPrincipal;

async function message(accountId: string, to: string[], tags: { name: string; value: string }[] = []) {
  const id = newId("msg");
  await db()
    .insert(messages)
    .values({ id, accountId, fromDomain: "example.com", from: "s@example.com", to, subject: "Hi", messageIdHeader: `<${id}@x>`, tags });
  return id;
}

const event = (messageId: string, type: string, detail: Record<string, unknown>, createdAt?: Date) => ({
  id: newId("mev"),
  messageId,
  type: type as never,
  detail,
  ...(createdAt ? { createdAt } : {}),
});

/** An account with two messages' worth of events: three recipients at Gmail, one elsewhere. */
async function accountWithEvents() {
  const account = await storedAccount();
  await rememberRecipientProviders(["ada@gmail.com", "bob@example.org"]);
  const shop = await message(account.id, ["ada@gmail.com", "Bob <bob@example.org>"], [{ name: "kind", value: "order" }]);
  const news = await message(account.id, ["cy@googlemail.com"], [{ name: "kind", value: "news" }]);
  // One statement with several events (as settling a delivery writes them), then one at a time.
  await db()
    .insert(messageEvents)
    .values([
      event(shop, "queued", {}),
      event(shop, "sent", { recipients: ["ada@gmail.com", "bob@example.org"] }),
      event(shop, "delivered", { recipient: "ada@gmail.com" }),
    ]);
  await db()
    .insert(messageEvents)
    .values(event(shop, "bounced", { recipient: "bob@example.org", bounceType: "hard" }));
  await db()
    .insert(messageEvents)
    .values(event(shop, "opened", { userAgent: "x" }));
  await db()
    .insert(messageEvents)
    .values(event(news, "suppressed", { recipient: "cy@googlemail.com", reason: "unsubscribed" }));
  await db()
    .insert(messageEvents)
    .values([
      event(news, "delivery_delayed", { recipients: ["cy@googlemail.com"] }),
      event(news, "complained", { recipient: "cy@googlemail.com" }),
    ]);
  return account;
}

const totalsOf = async (accountId: string, query: Record<string, unknown> = {}) =>
  (await readSendingStats(principalOf(accountId), { interval: "day", ...query } as never)).totals;

describe("message stats", () => {
  it("count each event once per recipient it names, with opens under the first recipient, and leave out the queue's own events", async () => {
    const account = await accountWithEvents();
    expect(await totalsOf(account.id)).toEqual({
      sent: 2,
      delivered: 1,
      deferred: 1,
      bounced: 1,
      failed: 0,
      complained: 1,
      opened: 1,
      clicked: 0,
      unsubscribed: 0,
      suppressed: 1,
    });
  });

  it("answer the same before and after a fold, and after two folds at once", async () => {
    const account = await accountWithEvents();
    const before = await totalsOf(account.id);
    await Promise.all([foldMessageStats(), foldMessageStats()]);
    const pending = await db().execute<{ n: number }>(
      drizzleSql`select count(*)::int as n from message_stats_pending where account_id = ${account.id}`,
    );
    expect(pending.rows[0]!.n).toBe(0);
    expect(await totalsOf(account.id)).toEqual(before);
    await db()
      .insert(messageEvents)
      .values(event(await message(account.id, ["z@gmail.com"]), "sent", { recipients: ["z@gmail.com"] }));
    expect((await totalsOf(account.id)).sent).toBe(before.sent + 1);
  });

  it("split by provider and filter by tag name or name:value", async () => {
    const account = await accountWithEvents();
    const byProvider = await readSendingStats(principalOf(account.id), { interval: "day", groupBy: "provider" });
    expect(byProvider.series.map((series) => series.key)).toEqual(["gmail", "other"]);
    const sum = (key: string) =>
      byProvider.series.find((series) => series.key === key)!.points.reduce((total, point) => total + point.sent, 0);
    expect([sum("gmail"), sum("other")]).toEqual([1, 1]);
    expect((await totalsOf(account.id, { tag: "kind" })).sent).toBe(2);
    expect(await totalsOf(account.id, { tag: "kind:news" })).toMatchObject({ sent: 0, suppressed: 1, complained: 1 });
    expect((await totalsOf(account.id, { tag: "kind:order" })).sent).toBe(2);
  });

  it("put events in their UTC hour, zero-filled, and cover whole buckets", async () => {
    const account = await storedAccount();
    const id = await message(account.id, ["ada@gmail.com"]);
    const at = new Date(Date.now() - 3 * 3_600_000);
    await db()
      .insert(messageEvents)
      .values(event(id, "sent", { recipients: ["ada@gmail.com"] }, at));
    const stats = await readSendingStats(principalOf(account.id), { interval: "hour" });
    expect(stats.series).toHaveLength(1);
    expect(stats.series[0]!.points).toHaveLength(24);
    const hour = new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000).toISOString();
    expect(stats.series[0]!.points.filter((point) => point.sent > 0)).toEqual([expect.objectContaining({ start: hour, sent: 1 })]);
  });

  it("refuse an empty or too long window", () => {
    expect(() => statsWindow({ interval: "day", from: "2026-03-02T00:00:00Z", to: "2026-03-01T00:00:00Z" })).toThrow(/before/);
    expect(() => statsWindow({ interval: "hour", from: "2026-03-01T00:00:00Z", to: "2026-03-09T00:00:00Z" })).toThrow(/7 days/);
    expect(statsWindow({ interval: "day", from: "2026-03-01T10:30:00Z", to: "2026-03-03T01:00:00+02:00" })).toEqual({
      interval: "day",
      from: new Date("2026-03-01T00:00:00Z"),
      to: new Date("2026-03-03T00:00:00Z"),
    });
  });
});
