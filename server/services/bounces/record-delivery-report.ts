// What a delivery status notification says about one recipient of one
// message, recorded in one transaction (docs/delivery.md, "Each recipient's
// fate"):
// - delivered → the recipient is `delivered` (with the Remote-MTA), a
//   `delivered` event once, and the message is `delivered` when every
//   recipient is;
// - delayed → the recipient is `deferred`, with a `delivery_delayed` event
//   (recipient, diagnostic), unless it is deferred already or has a final
//   outcome;
// - bounced or expired → the bounce rules (recordBounce: event, status,
//   suppression), the recipient `bounced` or `expired`, and for an expiry an
//   `expired` event once.
// A report that changes no recipient's outcome (a replay) records nothing.
import { db, type Executor } from "@/server/db/client";
import type { RecipientTls } from "@/server/db/schema";
import { recordRecipientOutcome, settleDeliveredStatus } from "@/server/services/messages/recipient-outcomes";
import { feedbackText, insertFeedbackEvent } from "./insert-feedback-event";
import { recordBounce } from "./record-bounce";

export type DeliveryReportInput = {
  messageId: string;
  recipient: string;
  diagnostic: string;
  authentication?: Record<string, string>;
  /** Where the outcome was read: a delivery report (the default), or our Postfix's log (record-postfix-log.ts). */
  source?: "dsn" | "mta-log";
  /** Our Postfix's queue ID for the copy, when the outcome comes from its log. */
  queueId?: string;
} & (
  | { outcome: "delivered"; remoteMta: string | null; tls?: RecipientTls | null }
  | { outcome: "delayed"; nextAttemptAt?: string }
  | { outcome: "bounced" | "expired"; bounceType: "hard" | "soft" }
);

/** Answers whether anything changed. */
export async function recordDeliveryReport(input: DeliveryReportInput, tx: Executor = db()): Promise<boolean> {
  const recipient = input.recipient.trim().toLowerCase();
  const diagnostic = feedbackText(input.diagnostic);
  const authentication = input.authentication ? { authentication: input.authentication } : {};
  const source = input.source ?? "dsn";
  const queueId = input.queueId ?? null;
  return tx.transaction(async (inner) => {
    switch (input.outcome) {
      case "delivered": {
        const changed = await recordRecipientOutcome(inner, input.messageId, {
          recipient,
          status: "delivered",
          remoteMta: input.remoteMta,
          diagnostic,
          tls: input.tls ?? null,
          queueId,
        });
        if (!changed) return false;
        // What Postfix's log added (the server's address, TLS) when it came first: the usual order.
        await insertFeedbackEvent(inner, input.messageId, "delivered", {
          recipient,
          remoteMta: changed.remoteMta,
          tls: changed.tls,
          diagnostic,
          source,
          ...authentication,
        });
        await settleDeliveredStatus(inner, input.messageId);
        return true;
      }
      case "delayed": {
        const outcome = { recipient, status: "deferred", diagnostic, queueId } as const;
        const changed = (await recordRecipientOutcome(inner, input.messageId, outcome)) !== null;
        const nextAttemptAt = input.nextAttemptAt ? { nextAttemptAt: input.nextAttemptAt } : {};
        if (changed)
          await insertFeedbackEvent(inner, input.messageId, "delivery_delayed", {
            recipient,
            diagnostic,
            source,
            ...nextAttemptAt,
            ...authentication,
          });
        return changed;
      }
      default: {
        const outcome = { recipient, status: input.outcome, diagnostic, queueId };
        const changed = (await recordRecipientOutcome(inner, input.messageId, outcome)) !== null;
        // A bounce after a delivery: the message is no longer delivered to everyone.
        if (changed) await settleDeliveredStatus(inner, input.messageId);
        const bounce = await recordBounce(
          { messageId: input.messageId, recipient, bounceType: input.bounceType, diagnostic, source, ...authentication },
          inner,
        );
        if (input.outcome === "expired" && changed)
          await insertFeedbackEvent(inner, input.messageId, "expired", { recipient, diagnostic, source });
        return changed || bounce.recorded;
      }
    }
  });
}
