// Each address's subscriptions to the account's topics (docs/consent.md):
// read and set through the API (imports of existing opt-ins and opt-outs),
// and recorded by the one-click link, the preference page and the mailto
// address. Every change writes the feed's `subscription.changed` in the same
// transaction (a trigger on topic_subscriptions); setting what is already
// recorded changes nothing and writes no event.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { now } from "@/server/clock";
import { db, type Executor } from "@/server/db/client";
import { type SubscriptionSource, type SubscriptionStatus, topicSubscriptions, topics } from "@/server/db/schema";
import { notFound } from "@/server/errors";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { ClientInfo } from "@/shared/api/client-info";
import type { Subscription } from "@/shared/schemas/topics";

/** Addresses are compared lower-case, as suppressions are. */
export const subscriberKey = (email: string) => email.trim().toLowerCase();

type Choice = { accountId: string; email: string; topicId: string; status: SubscriptionStatus; source: SubscriptionSource };

/** Records one address's choice about one topic (a deleted topic's too); true when it changed anything. */
export async function recordChoice(tx: Executor, choice: Choice): Promise<boolean> {
  const written = await tx
    .insert(topicSubscriptions)
    .values({ ...choice, email: subscriberKey(choice.email), updatedAt: now() })
    .onConflictDoUpdate({
      target: [topicSubscriptions.accountId, topicSubscriptions.email, topicSubscriptions.topicId],
      set: { status: choice.status, source: choice.source, updatedAt: now() },
      setWhere: sql`${topicSubscriptions.status} is distinct from ${choice.status}`,
    })
    .returning({ topicId: topicSubscriptions.topicId });
  return written.length > 0;
}

const subscriptionView = (row: typeof topicSubscriptions.$inferSelect): Subscription => ({
  topicId: row.topicId,
  status: row.status,
  updatedAt: row.updatedAt.toISOString(),
  source: row.source,
});

/** The recorded choices of an address about the account's live topics (a topic with none stands at its default). */
export async function listSubscriptions(accountId: string, email: string, tx: Executor = db()): Promise<Subscription[]> {
  const rows = await tx
    .select({ subscription: topicSubscriptions })
    .from(topicSubscriptions)
    .innerJoin(topics, eq(topics.id, topicSubscriptions.topicId))
    .where(and(eq(topicSubscriptions.accountId, accountId), eq(topicSubscriptions.email, subscriberKey(email)), isNull(topics.deletedAt)))
    .orderBy(topics.createdAt, topics.id);
  return rows.map((row) => subscriptionView(row.subscription));
}

/** PUT /sending/subscriptions/{email}: sets each named topic; a topic that is not one of the account's live ones is 404 and nothing changes. */
export async function putSubscriptions(
  accountId: string,
  email: string,
  choices: Record<string, SubscriptionStatus>,
  client: ClientInfo,
): Promise<Subscription[]> {
  const topicIds = Object.keys(choices);
  return db().transaction(async (tx) => {
    const known = await tx
      .select({ id: topics.id })
      .from(topics)
      .where(and(eq(topics.accountId, accountId), inArray(topics.id, topicIds), isNull(topics.deletedAt)));
    if (known.length !== topicIds.length) throw notFound("Topic");
    let changed = 0;
    for (const topicId of topicIds) {
      if (await recordChoice(tx, { accountId, email, topicId, status: choices[topicId]!, source: "api" })) changed += 1;
    }
    if (changed > 0)
      await recordActivity(
        {
          accountId,
          type: "subscriptions.updated",
          description: `Subscriptions of ${subscriberKey(email)} updated`,
          ip: client.ip,
          userAgent: client.userAgent,
          metadata: { email: subscriberKey(email), topics: choices },
        },
        tx,
      );
    return listSubscriptions(accountId, email, tx);
  });
}

/**
 * Which (topic, address) pairs of a send are not to receive it: the address
 * unsubscribed from the topic, or the topic is `opt_in` and the address never
 * subscribed. One query for every topic message of a send.
 */
export async function findUnsubscribed(tx: Executor, accountId: string, pairs: { topicId: string; email: string }[]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const wanted = pairs.map((pair) => [pair.topicId, subscriberKey(pair.email)]);
  const result = await tx.execute<{ topic_id: string; email: string }>(sql`
    select wanted.topic_id, wanted.email
      from jsonb_to_recordset(${JSON.stringify(wanted.map(([topicId, email]) => ({ topic_id: topicId, email })))}::jsonb)
           as wanted(topic_id text, email text)
      join topics on topics.id = wanted.topic_id and topics.account_id = ${accountId}
      left join topic_subscriptions choice
        on choice.account_id = ${accountId} and choice.topic_id = wanted.topic_id and choice.email = wanted.email
     where coalesce(choice.status, case topics.default_subscription when 'opt_in' then 'unsubscribed' else 'subscribed' end)
           = 'unsubscribed'`);
  return new Set(result.rows.map((row) => unsubscribedKey(row.topic_id, row.email)));
}

export const unsubscribedKey = (topicId: string, email: string) => `${topicId}\n${subscriberKey(email)}`;
