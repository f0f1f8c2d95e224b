// POST /sending/messages/{id}/cancel: a scheduled message becomes canceled
// and gives its quota charge back. Racing the delivery job is safe: both
// change the status only from `scheduled` (one conditional UPDATE each), so
// exactly one of them wins; the loser sees the other's status.
import { and, eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { messageEvents, messages } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import type { SendingPrincipal } from "@/server/services/auth/sending-principal";
import { newId } from "@/server/ids";
import { refundMessage } from "./quota";
import { assertMessageVisible, loadMessageDetails } from "./read-messages";

export async function cancelMessage(principal: SendingPrincipal, messageId: string) {
  await assertMessageVisible(principal, messageId);
  const canceled = await db().transaction(async (tx) => {
    const [row] = await tx
      .update(messages)
      .set({ status: "canceled" })
      .where(and(eq(messages.id, messageId), eq(messages.status, "scheduled")))
      .returning({
        id: messages.id,
        accountId: messages.accountId,
        paidWithCredit: messages.paidWithCredit,
        createdAt: messages.createdAt,
      });
    if (!row) return false;
    await tx.insert(messageEvents).values({ id: newId("mev"), messageId, type: "canceled", detail: {} });
    await refundMessage(tx, row);
    return true;
  });
  if (!canceled) {
    const [current] = await db().select({ status: messages.status }).from(messages).where(eq(messages.id, messageId));
    throw new AppError("not_cancelable", `Only a scheduled message can be canceled; this one is ${current?.status ?? "gone"}.`);
  }
  return (await loadMessageDetails([messageId]))[0]!;
}
