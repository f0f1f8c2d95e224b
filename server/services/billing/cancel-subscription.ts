// POST /subscriptions/cancel: the plan stays until the end of its term, then
// the period-end job moves the account to free (docs/billing.md). Cancelling
// free, or a subscription already cancelled, is 409 nothing_to_cancel.
import { and, eq } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { subscriptions } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { ClientInfo } from "@/shared/api/client-info";
import { planById } from "./catalog";
import { subscriptionView } from "./subscription-view";

export async function cancelSubscription(accountId: string, client: ClientInfo) {
  const at = now();
  await db().transaction(async (tx) => {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.accountId, accountId)).for("update");
    if (!row || row.planId === "free" || row.cancelAtPeriodEnd) {
      throw new AppError(
        "nothing_to_cancel",
        row?.cancelAtPeriodEnd ? "The subscription is already set to end with its current term." : "The free plan has nothing to cancel.",
      );
    }
    await tx
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true, canceledAt: at, updatedAt: at })
      .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.cancelAtPeriodEnd, false)));
    const end = row.currentPeriodEnd?.toISOString() ?? at.toISOString();
    await recordActivity(
      {
        accountId,
        type: "billing.cancel_scheduled",
        description: `${planById(row.planId).name} plan canceled; it ends on ${end.slice(0, 10)}`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { planId: row.planId, endsAt: end },
      },
      tx,
    );
  });
  return subscriptionView(accountId);
}
