// What a delivery status notification says about one recipient of one
// message, recorded in one transaction (docs/delivery.md, "Each recipient's
// fate"):
// - delivered → the recipient is `delivered` (with the Remote-MTA), a
//   `delivered` event once, and the message is `delivered` when every
//   recipient is;
// - delayed → the recipient is `deferred`, with a `delivery_delayed` event
//   (recipient, diagnostic), unless it already has a final outcome;
// - bounced or expired → the bounce rules (recordBounce: event, status,
//   suppression), the recipient `bounced` or `expired`, and for an expiry an
//   `expired` event once.
// A report that changes no recipient's outcome (a replay) records nothing.
import { db, type Executor } from "@/server/db/client";
import type { RecipientTls } from "@/server/db/schema";
import { recordRecipientOutcome, settleDeliveredStatus } from "@/server/services/messages/recipient-outcomes";
import { feedbackText, insertFeedbackEvent } from "./insert-feedback-event";
import { recordBounce } from "./record-bounce";

export type DeliveryReportInput = { messageId: string; recipient: string; diagnostic: string; authentication?: Record<string, string> } & (
  | { outcome: "delivered"; remoteMta: string | null; tls?: RecipientTls | null }
  | { outcome: "delayed" }
  | { outcome: "bounced" | "expired"; bounceType: "hard" | "soft" }
);

/** Answers whether anything changed. */
export async function recordDeliveryReport(input: DeliveryReportInput, tx: Executor = db()): Promise<boolean> {
  const recipient = input.recipient.trim().toLowerCase();
  const diagnostic = feedbackText(input.diagnostic);
  const authentication = input.authentication ? { authentication: input.authentication } : {};
  return tx.transaction(async (inner) => {
    switch (input.outcome) {
      case "delivered": {
        const changed = await recordRecipientOutcome(inner, input.messageId, {
          recipient,
          status: "delivered",
          remoteMta: input.remoteMta,
          diagnostic,
          tls: input.tls ?? null,
        });
        if (!changed) return false;
        // What Postfix's log added (the server's address, TLS) when it came first: the usual order.
        await insertFeedbackEvent(inner, input.messageId, "delivered", {
          recipient,
          remoteMta: changed.remoteMta,
          tls: changed.tls,
          diagnostic,
          source: "dsn",
          ...authentication,
        });
        await settleDeliveredStatus(inner, input.messageId);
        return true;
      }
      case "delayed": {
        const changed = (await recordRecipientOutcome(inner, input.messageId, { recipient, status: "deferred", diagnostic })) !== null;
        if (changed)
          await insertFeedbackEvent(inner, input.messageId, "delivery_delayed", {
            recipient,
            diagnostic,
            source: "dsn",
            ...authentication,
          });
        return changed;
      }
      default: {
        const changed = (await recordRecipientOutcome(inner, input.messageId, { recipient, status: input.outcome, diagnostic })) !== null;
        // A bounce after a delivery: the message is no longer delivered to everyone.
        if (changed) await settleDeliveredStatus(inner, input.messageId);
        const bounce = await recordBounce(
          { messageId: input.messageId, recipient, bounceType: input.bounceType, diagnostic, source: "dsn", ...authentication },
          inner,
        );
        if (input.outcome === "expired" && changed)
          await insertFeedbackEvent(inner, input.messageId, "expired", { recipient, diagnostic, source: "dsn" });
        return changed || bounce.recorded;
      }
    }
  });
}
