// PATCH /sending/messages/{id}: a scheduled message gets a new time. The row's
// `scheduled_at` is what counts: a new delivery job waits for the new time, and
// the job of the old time, should it wake first, finds the message not yet due
// and ends (load-for-delivery.ts). Racing a cancel or the delivery itself is
// safe: all of them change a message only while it is `scheduled`.
import { and, eq } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { messageEvents, messages } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { newId } from "@/server/ids";
import { enqueueMany } from "@/server/jobs/enqueue";
import { queues } from "@/server/jobs/queues";
import type { SendingPrincipal } from "@/server/services/auth/sending-principal";
import { MAX_SCHEDULE_AHEAD_MS } from "@/shared/schemas/messages";
import { assertMessageVisible, loadMessageDetails } from "./read-messages";

function assertSchedulable(at: Date): void {
  const problem =
    at.getTime() <= now().getTime()
      ? "scheduledAt must be in the future"
      : at.getTime() > now().getTime() + MAX_SCHEDULE_AHEAD_MS
        ? "scheduledAt is at most 30 days ahead"
        : null;
  if (problem) throw new AppError("validation_error", `${problem}.`, { errors: [{ path: "scheduledAt", message: problem }] });
}

export async function rescheduleMessage(principal: SendingPrincipal, messageId: string, scheduledAt: string) {
  const at = new Date(scheduledAt);
  assertSchedulable(at);
  await assertMessageVisible(principal, messageId);
  const moved = await db().transaction(async (tx) => {
    const [row] = await tx
      .update(messages)
      .set({ scheduledAt: at })
      .where(and(eq(messages.id, messageId), eq(messages.status, "scheduled")))
      .returning({ id: messages.id });
    if (!row) return false;
    await tx
      .insert(messageEvents)
      .values({ id: newId("mev"), messageId, type: "scheduled", detail: { scheduledAt: at.toISOString(), rescheduled: true } });
    await enqueueMany(queues.deliverMessage, [{ data: { messageId }, startAfter: at }], tx);
    return true;
  });
  if (!moved) {
    const [current] = await db().select({ status: messages.status }).from(messages).where(eq(messages.id, messageId));
    throw new AppError("not_scheduled", `Only a scheduled message can get a new time; this one is ${current?.status ?? "gone"}.`);
  }
  return (await loadMessageDetails([messageId]))[0]!;
}
