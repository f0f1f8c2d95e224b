// The account's messages newest first, a page at a time from a cursor (a message
// id): `after` pages back in time, `before` forward. Each carries the type of its
// latest event. Keyset pagination, so a page costs the same at any depth.
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { messageEvents, type MessageEventType, messages } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import type { SendingPrincipal } from "@/server/services/auth/sending-principal";
import type { MessageSummary } from "@/shared/schemas/messages";
import { messageSummaryView } from "./message-view";
import { visibleTo } from "./read-messages";

export type MessageCursorQuery = { limit: number; after?: string; before?: string };
export type MessageWithLatestEvent = MessageSummary & { latestEvent: MessageEventType | null };

async function cursorRow(principal: SendingPrincipal, id: string, field: "after" | "before") {
  const [row] = await db()
    .select({ createdAt: messages.createdAt, id: messages.id })
    .from(messages)
    .where(and(visibleTo(principal), eq(messages.id, id)))
    .limit(1);
  if (!row)
    throw new AppError("validation_error", `No message ${id} to page from.`, { errors: [{ path: field, message: "Unknown message id" }] });
  return row;
}

/** Each message's latest event type, in one query for the page. */
async function latestEvents(ids: string[]): Promise<Map<string, MessageEventType>> {
  if (ids.length === 0) return new Map();
  const rows = await db()
    .selectDistinctOn([messageEvents.messageId], { messageId: messageEvents.messageId, type: messageEvents.type })
    .from(messageEvents)
    .where(inArray(messageEvents.messageId, ids))
    .orderBy(messageEvents.messageId, desc(messageEvents.createdAt), desc(messageEvents.id));
  return new Map(rows.map((row) => [row.messageId, row.type]));
}

export async function listMessagesByCursor(
  principal: SendingPrincipal,
  query: MessageCursorQuery,
): Promise<{ items: MessageWithLatestEvent[]; hasMore: boolean }> {
  const filters: SQL[] = [visibleTo(principal)];
  const forward = query.before !== undefined;
  const cursorId = query.before ?? query.after;
  if (cursorId) {
    const cursor = await cursorRow(principal, cursorId, forward ? "before" : "after");
    filters.push(
      forward
        ? sql`(${messages.createdAt}, ${messages.id}) > (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id})`
        : sql`(${messages.createdAt}, ${messages.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id})`,
    );
  }
  const order = forward ? [asc(messages.createdAt), asc(messages.id)] : [desc(messages.createdAt), desc(messages.id)];
  const rows = await db()
    .select()
    .from(messages)
    .where(and(...filters))
    .orderBy(...order)
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  if (forward) page.reverse();
  const latest = await latestEvents(page.map((row) => row.id));
  return {
    items: page.map((row) => ({ ...messageSummaryView(row), latestEvent: latest.get(row.id) ?? null })),
    hasMore: rows.length > query.limit,
  };
}
