// What delivery reads of a batch of messages, in one query: their status and
// attempts, and what their wire forms are read or built from (wire-form.ts).
import { eq, inArray, sql } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { messageContents, messages } from "@/server/db/schema";
import { wireFormColumns } from "@/server/services/messages/wire-form";

export function loadForDelivery(messageIds: string[]) {
  return db()
    .select({
      ...wireFormColumns,
      accountId: messages.accountId,
      domainId: messages.domainId,
      fromDomain: messages.fromDomain,
      topicId: messages.topicId,
      status: messages.status,
      attempts: messages.attempts,
      sentAt: messages.sentAt,
    })
    .from(messages)
    .leftJoin(messageContents, eq(messageContents.messageId, messages.id))
    .where(inArray(messages.id, messageIds));
}

export type LoadedMessage = Awaited<ReturnType<typeof loadForDelivery>>[number];

/**
 * How early a job may wake for its time: the queue's clock and ours may differ a little. A job more
 * than this early belongs to a time the message no longer has (reschedule-message.ts) and does nothing.
 */
const WAKE_TOLERANCE_MS = 5_000;

/** A scheduled message becomes queued when its time comes, unless a cancel got there first or it was moved later. */
async function claimScheduled(messageId: string): Promise<boolean> {
  const dueBy = new Date(now().getTime() + WAKE_TOLERANCE_MS);
  const claimed = await db().execute(
    sql`update messages set status = 'queued' where id = ${messageId} and status = 'scheduled' and (scheduled_at is null or scheduled_at <= ${dueBy}) returning id`,
  );
  return claimed.rows.length > 0;
}

/** Whether the message is still to deliver: not canceled, nor settled already by an earlier run of its job. */
export async function isDue(row: LoadedMessage): Promise<boolean> {
  if (row.status === "scheduled" && !(await claimScheduled(row.id))) return false;
  return row.status === "queued" || row.status === "scheduled";
}
