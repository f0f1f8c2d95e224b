// Opens and clicks from the tracking URLs. Each message keeps at most
// MAX_EVENTS of each kind, so a refreshed or scripted pixel cannot grow the
// table without end.
import { and, count, eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { messageEvents, messages } from "@/server/db/schema";
import { newId } from "@/server/ids";

const MAX_EVENTS = 100;

export async function recordEngagement(messageId: string, type: "opened" | "clicked", detail: Record<string, unknown>): Promise<void> {
  await db().transaction(async (tx) => {
    const [message] = await tx.select({ id: messages.id }).from(messages).where(eq(messages.id, messageId)).for("update").limit(1);
    if (!message) return;
    const [existing] = await tx
      .select({ total: count() })
      .from(messageEvents)
      .where(and(eq(messageEvents.messageId, messageId), eq(messageEvents.type, type)));
    if ((existing?.total ?? 0) >= MAX_EVENTS) return;
    await tx.insert(messageEvents).values({ id: newId("mev"), messageId, type, detail });
  });
}
