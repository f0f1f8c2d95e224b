// The account's topics (docs/consent.md): create, list, change, delete. A
// deleted topic leaves the list and can no longer be sent to, but its row
// stays, so the unsubscribe links of mail already sent keep working and each
// address's choice outlives it.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { isUniqueViolation } from "@/server/db/database-errors";
import { topics } from "@/server/db/schema";
import { AppError, notFound } from "@/server/errors";
import { newId } from "@/server/ids";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { ClientInfo } from "@/shared/api/client-info";
import type { Topic } from "@/shared/schemas/topics";
import type { z } from "zod";
import type { createTopicBody, updateTopicBody } from "@/shared/schemas/topics";
import { topicView } from "./topic-view";

/** At most this many live topics per account: a preference page lists them all. */
export const TOPICS_PER_ACCOUNT = 50;

const nameTaken = (name: string) =>
  new AppError("conflict", `You already have a topic named "${name}".`, { errors: [{ path: "name", message: "A topic has this name" }] });

/** Runs a write that may collide with another live topic's name, answering that as 409. */
async function unlessNameTaken<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (name !== undefined && isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
}

const live = (accountId: string) => and(eq(topics.accountId, accountId), isNull(topics.deletedAt));

export async function listTopics(accountId: string): Promise<Topic[]> {
  const rows = await db().select().from(topics).where(live(accountId)).orderBy(asc(topics.createdAt), asc(topics.id));
  return rows.map(topicView);
}

export async function createTopic(accountId: string, input: z.infer<typeof createTopicBody>, client: ClientInfo): Promise<Topic> {
  return unlessNameTaken(input.name, () =>
    db().transaction(async (tx) => {
      // Counted under the account's topic lock, so two creations at once cannot both take the last place.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`topics:${accountId}`}, 0))`);
      const existing = await tx.select({ id: topics.id }).from(topics).where(live(accountId));
      if (existing.length >= TOPICS_PER_ACCOUNT)
        throw new AppError("plan_limit", `An account has at most ${TOPICS_PER_ACCOUNT} topics; delete one you no longer send about.`);
      const [row] = await tx
        .insert(topics)
        .values({
          id: newId("top"),
          accountId,
          name: input.name,
          description: input.description ?? null,
          defaultSubscription: input.defaultSubscription,
        })
        .returning();
      await recordActivity(
        {
          accountId,
          type: "topic.created",
          description: `Topic "${row!.name}" created`,
          ip: client.ip,
          userAgent: client.userAgent,
          metadata: { topicId: row!.id },
        },
        tx,
      );
      return topicView(row!);
    }),
  );
}

export async function updateTopic(
  accountId: string,
  topicId: string,
  input: z.infer<typeof updateTopicBody>,
  client: ClientInfo,
): Promise<Topic> {
  return unlessNameTaken(input.name, () =>
    db().transaction(async (tx) => {
      const [row] = await tx
        .update(topics)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.defaultSubscription !== undefined ? { defaultSubscription: input.defaultSubscription } : {}),
        })
        .where(and(eq(topics.id, topicId), live(accountId)))
        .returning();
      if (!row) throw notFound("Topic");
      await recordActivity(
        {
          accountId,
          type: "topic.updated",
          description: `Topic "${row.name}" changed`,
          ip: client.ip,
          userAgent: client.userAgent,
          metadata: { topicId, changed: Object.keys(input) },
        },
        tx,
      );
      return topicView(row);
    }),
  );
}

export async function deleteTopic(accountId: string, topicId: string, client: ClientInfo): Promise<void> {
  await db().transaction(async (tx) => {
    const [row] = await tx
      .update(topics)
      .set({ deletedAt: now() })
      .where(and(eq(topics.id, topicId), live(accountId)))
      .returning({ name: topics.name });
    if (!row) throw notFound("Topic");
    await recordActivity(
      {
        accountId,
        type: "topic.deleted",
        description: `Topic "${row.name}" deleted`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { topicId },
      },
      tx,
    );
  });
}
