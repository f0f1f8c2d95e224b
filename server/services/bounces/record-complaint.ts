// A complaint (an ARF report: the recipient marked the message as spam) for
// one recipient of one message (docs/bounces.md, "Bounce and complaint
// rules"): a `complained` event with recipient, feedbackType and source, once
// per message and recipient, and the address is suppressed (reason
// complaint). The message's status does not change: it was delivered.
import { db, type Executor } from "@/server/db/client";
import { suppressAddress } from "@/server/services/suppressions/suppress-address";
import { feedbackText, insertFeedbackEvent } from "./insert-feedback-event";
import type { FeedbackResult } from "./record-bounce";

export type ComplaintSource = "arf";

export type ComplaintInput = {
  messageId: string;
  recipient: string;
  /** The report's Feedback-Type (RFC 5965), e.g. "abuse". */
  feedbackType: string;
  source: ComplaintSource;
  /** SPF/DKIM/DMARC/ARC results of the report (the MX's checks), kept in the event's detail. */
  authentication?: Record<string, string>;
};

export async function recordComplaint(input: ComplaintInput, tx: Executor = db()): Promise<FeedbackResult> {
  const recipient = input.recipient.trim();
  return tx.transaction(async (inner) => {
    const message = await insertFeedbackEvent(inner, input.messageId, "complained", {
      recipient,
      feedbackType: feedbackText(input.feedbackType).toLowerCase(),
      source: input.source,
      ...(input.authentication ? { authentication: input.authentication } : {}),
    });
    if (!message) return { recorded: false, suppressed: false };
    await suppressAddress({ accountId: message.accountId, email: recipient, reason: "complaint", messageId: input.messageId }, inner);
    return { recorded: true, suppressed: true };
  });
}
