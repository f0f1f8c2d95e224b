// POST /subscriptions/activate: the customer's confirmation that what a
// payment bought is in place. A succeeded payment was already fulfilled by
// its webhook (or by verify); this makes sure of it, asking the provider when
// nothing has arrived yet, and answers the subscription. Idempotent.
import { AppError } from "@/server/errors";
import { getOwnPaymentOrThrow } from "./own-payment";
import { subscriptionView } from "./subscription-view";
import { verifyPayment } from "./verify-payment";

export async function activateSubscription(accountId: string, reference: string) {
  const payment = await getOwnPaymentOrThrow(accountId, reference);
  const outcome = await verifyPayment(accountId, payment.provider, reference);
  if (outcome.status !== "succeeded") {
    throw new AppError(
      "payment_not_succeeded",
      outcome.status === "failed"
        ? "This payment failed, so there is nothing to activate."
        : "This payment has not succeeded yet. Try again once it has.",
      { data: { status: outcome.status } },
    );
  }
  return subscriptionView(accountId);
}
