// A send may name only a live topic of its own account: any other id (another
// account's, a deleted one, made up) is 404 before anything is stored.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { db } from "@/server/db/client";
import { topics } from "@/server/db/schema";
import { notFound } from "@/server/errors";

export async function assertLiveTopics(accountId: string, topicIds: (string | null | undefined)[]): Promise<void> {
  const wanted = [...new Set(topicIds.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return;
  const found = await db()
    .select({ id: topics.id })
    .from(topics)
    .where(and(eq(topics.accountId, accountId), inArray(topics.id, wanted), isNull(topics.deletedAt)));
  if (found.length !== wanted.length) throw notFound("Topic");
}
