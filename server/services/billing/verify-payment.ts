// POST /payments/verify: the payment's outcome. While no webhook has told us,
// ask the provider, and apply what it says exactly as a webhook would (so a
// succeeded payment is fulfilled either way, once).
import type { z } from "zod";
import type { paymentOutcomeSchema, PaymentProvider } from "@/shared/schemas/billing";
import { db } from "@/server/db/client";
import { logger } from "@/server/logger";
import { enabledGateway } from "@/server/payments/gateways";
import { applyPaymentOutcome } from "./apply-payment-outcome";
import { getOwnPaymentOrThrow, type Payment } from "./own-payment";

async function refreshFromProvider(payment: Payment): Promise<void> {
  if (payment.status === "succeeded") return;
  const gateway = enabledGateway(payment.provider);
  if (!gateway) return; // switched off since: what we know is all there is
  const outcome = await gateway.fetchOutcome({ reference: payment.reference, providerCheckoutId: payment.providerCheckoutId });
  if (outcome.status === "pending" || outcome.reference !== payment.reference) return;
  await db().transaction((tx) => applyPaymentOutcome(tx, payment.provider, outcome));
}

export async function verifyPayment(
  accountId: string,
  provider: PaymentProvider,
  reference: string,
): Promise<z.input<typeof paymentOutcomeSchema>> {
  const payment = await getOwnPaymentOrThrow(accountId, reference, provider);
  if (payment.status === "pending") {
    try {
      await refreshFromProvider(payment);
    } catch (error) {
      // The provider being down is not the customer's problem: the payment stays pending, a webhook will follow.
      logger().warn({ err: error, reference }, "could not ask the provider about a payment");
    }
  }
  const current = await getOwnPaymentOrThrow(accountId, reference, provider);
  return {
    reference: current.reference,
    provider: current.provider,
    status: current.status,
    amount: current.amount,
    currency: current.currency,
    planId: current.planId as z.input<typeof paymentOutcomeSchema>["planId"],
    creditPackId: current.creditPackId as z.input<typeof paymentOutcomeSchema>["creditPackId"],
  };
}
