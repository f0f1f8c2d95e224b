// What an unsubscribe link does (docs/consent.md): the one-click POST and the
// mailto address unsubscribe the recipient from the message's topic; the
// preference page shows every live topic of the account for that address and
// saves what the reader picks. Each change is one transaction with its
// `subscription.changed` event (the trigger on topic_subscriptions). Links
// are counted per link and per network before anything is looked up, and per
// recipient before anything is written, so a flood slows down only itself
// and never changes anyone but the link's own recipient.
import { and, eq, isNull } from "drizzle-orm";
import { db, type Executor } from "@/server/db/client";
import { messageEvents, type SubscriptionSource, type SubscriptionStatus, topicSubscriptions, topics } from "@/server/db/schema";
import { newId } from "@/server/ids";
import { hitRateLimits, rateLimitedError } from "@/server/services/rate-limit/consume-rate-limit";
import { ipRateLimitSubject } from "@/server/services/rate-limit/ip-rate-limit-subject";
import { policy } from "@/server/services/rate-limit/policies";
import type { UnsubscribeTarget } from "./find-unsubscribe-target";
import { recordChoice } from "./subscriptions";

const TOO_MANY = "Too many requests for this link. Please wait a little and try again.";

/** Counts one use of a link from a network; refused (429) past either limit. */
export async function countLinkUse(token: string, ip: string): Promise<void> {
  const states = await hitRateLimits([
    { policy: policy("unsubscribePerToken"), subject: token.toLowerCase() },
    { policy: policy("unsubscribePerIp"), subject: ipRateLimitSubject(ip) },
  ]);
  const limited = states.find((state) => state.limited);
  if (limited) throw rateLimitedError(limited, TOO_MANY);
}

/** Counts one change by a recipient (across all their links); refused (429) past the limit. */
async function countRecipientChange(target: UnsubscribeTarget): Promise<void> {
  const [state] = await hitRateLimits([{ policy: policy("unsubscribePerEmail"), subject: `${target.accountId}:${target.email}` }]);
  if (state!.limited) throw rateLimitedError(state!, TOO_MANY);
}

/** The one-click POST and the mailto address: unsubscribed from the message's topic, deleted or not. */
export async function unsubscribeFromTopic(target: UnsubscribeTarget, source: LinkSource): Promise<void> {
  await countRecipientChange(target);
  await db().transaction(async (tx) => {
    if (await recordChoice(tx, { ...target, status: "unsubscribed", source }))
      await recordUnsubscribedEvent(tx, target, target.topicId, source);
  });
}

/** How a reader unsubscribes through a message: its one-click POST, its preference page, its mailto address. */
type LinkSource = Exclude<SubscriptionSource, "api">;

/** The message's `unsubscribed` event (docs/consent.md): stats count unsubscribes by the message that led to them. */
async function recordUnsubscribedEvent(tx: Executor, target: UnsubscribeTarget, topicId: string, source: LinkSource): Promise<void> {
  await tx.insert(messageEvents).values({
    id: newId("mev"),
    messageId: target.messageId,
    type: "unsubscribed",
    detail: { recipient: target.email, topicId, source },
  });
}

export type PreferenceTopic = { id: string; name: string; description: string | null; subscribed: boolean };

/** Every live topic of the account with where this address stands: its recorded choice, else the topic's default. */
export async function preferencesOf(target: UnsubscribeTarget): Promise<PreferenceTopic[]> {
  const rows = await db()
    .select({
      id: topics.id,
      name: topics.name,
      description: topics.description,
      defaultSubscription: topics.defaultSubscription,
      status: topicSubscriptions.status,
    })
    .from(topics)
    .leftJoin(
      topicSubscriptions,
      and(
        eq(topicSubscriptions.topicId, topics.id),
        eq(topicSubscriptions.accountId, target.accountId),
        eq(topicSubscriptions.email, target.email),
      ),
    )
    .where(and(eq(topics.accountId, target.accountId), isNull(topics.deletedAt)))
    .orderBy(topics.createdAt, topics.id);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    subscribed: (row.status ?? (row.defaultSubscription === "opt_in" ? "unsubscribed" : "subscribed")) === "subscribed",
  }));
}

/**
 * The preference page's form: each live topic subscribed exactly when it is
 * in `subscribedTo` (ids of other topics are ignored). Only topics whose
 * standing changes are recorded. Answers the topics as they now stand.
 */
export async function savePreferences(target: UnsubscribeTarget, subscribedTo: Set<string>): Promise<PreferenceTopic[]> {
  const current = await preferencesOf(target);
  const changes = current.filter((topic) => topic.subscribed !== subscribedTo.has(topic.id));
  if (changes.length === 0) return current;
  await countRecipientChange(target);
  await db().transaction(async (tx) => {
    for (const topic of changes) {
      const status: SubscriptionStatus = subscribedTo.has(topic.id) ? "subscribed" : "unsubscribed";
      const choice = { accountId: target.accountId, email: target.email, topicId: topic.id, status, source: "preference_page" as const };
      if ((await recordChoice(tx, choice)) && status === "unsubscribed")
        await recordUnsubscribedEvent(tx, target, topic.id, "preference_page");
    }
  });
  return preferencesOf(target);
}
