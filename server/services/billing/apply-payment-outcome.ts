// Moves a payment to what its provider says, under the payment's row lock,
// inside the caller's transaction. Status only moves forward: a succeeded
// payment never goes back (a late or replayed "failed" cannot undo it), a
// failed one may still succeed (the customer retried at the provider).
// Succeeding fulfils the purchase in the same transaction.
import { and, eq } from "drizzle-orm";
import { now } from "@/server/clock";
import type { Executor } from "@/server/db/client";
import { payments } from "@/server/db/schema";
import { logger } from "@/server/logger";
import type { ProviderOutcome } from "@/server/payments/gateway";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { PaymentProvider } from "@/shared/schemas/billing";
import { fulfilPayment } from "./fulfil-payment";

export type ApplyResult = "applied" | "unchanged" | "unknown_payment";

export async function applyPaymentOutcome(tx: Executor, provider: PaymentProvider, outcome: ProviderOutcome): Promise<ApplyResult> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.reference, outcome.reference), eq(payments.provider, provider)))
    .for("update");
  if (!payment) return "unknown_payment";
  if (outcome.status === "pending" || payment.status === "succeeded" || payment.status === outcome.status) return "unchanged";
  if (outcome.status === "succeeded") {
    const mismatch =
      (outcome.amount !== undefined && outcome.amount !== payment.amount) ||
      (outcome.currency !== undefined && outcome.currency.toUpperCase() !== payment.currency);
    if (mismatch) {
      // Never hand out a plan for a different sum than was asked.
      logger().error(
        { provider, reference: payment.reference, amount: outcome.amount, currency: outcome.currency },
        "payment amount does not match the checkout; not applied",
      );
      return "unchanged";
    }
  }
  const at = now();
  const succeeded = outcome.status === "succeeded";
  const [updated] = await tx
    .update(payments)
    .set(succeeded ? { status: "succeeded", succeededAt: at, updatedAt: at } : { status: "failed", failedAt: at, updatedAt: at })
    .where(eq(payments.reference, payment.reference))
    .returning();
  await recordActivity(
    {
      accountId: payment.accountId,
      type: succeeded ? "billing.payment_succeeded" : "billing.payment_failed",
      description: succeeded
        ? `Payment of ${formatAmount(payment.amount, payment.currency)} succeeded`
        : `Payment of ${formatAmount(payment.amount, payment.currency)} failed`,
      metadata: { reference: payment.reference, provider },
    },
    tx,
  );
  if (succeeded) await fulfilPayment(tx, updated!, at);
  return "applied";
}

export function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amount / 100);
}
