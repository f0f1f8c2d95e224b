// POST /payments/webhooks/{provider}: verify the signature on the raw bytes,
// store the event once (unique provider + event id) and apply it, all in one
// transaction. A duplicate (a retry, or the same event delivered twice at
// once) finds the event stored and changes nothing; concurrent deliveries
// queue on the unique index, so exactly one applies it.
import { db } from "@/server/db/client";
import { paymentEvents } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { logger } from "@/server/logger";
import { enabledGateway } from "@/server/payments/gateways";
import { applyPaymentOutcome } from "./apply-payment-outcome";

export async function receiveWebhook(
  provider: string,
  rawBody: Uint8Array,
  headers: Headers,
): Promise<{ received: true; duplicate: boolean }> {
  const gateway = enabledGateway(provider);
  if (!gateway) throw new AppError("not_found", "Unknown payment provider.");
  const event = await gateway.verifyWebhook(rawBody, headers);
  const duplicate = await db().transaction(async (tx) => {
    const stored = await tx
      .insert(paymentEvents)
      .values({ provider: gateway.id, eventId: event.eventId, type: event.type, reference: event.outcome?.reference ?? null })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (stored.length === 0) return true;
    if (event.outcome) {
      const result = await applyPaymentOutcome(tx, gateway.id, event.outcome);
      if (result === "unknown_payment")
        logger().warn({ provider: gateway.id, eventId: event.eventId }, "webhook for a payment we do not know; stored and ignored");
    }
    return false;
  });
  return { received: true, duplicate };
}
