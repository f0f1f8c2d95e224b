// Reports sent to return-path addresses: each names its message, and the
// recipient of it, through the verified token of the address it came to
// (never through what the report says), and becomes each named recipient's
// outcome (delivered, deferred, bounced, expired: record-delivery-report.ts)
// or a `complained` event, with the suppression list following. Anything else
// (an out-of-office reply, a report about another address) is logged and
// dropped: the sender has nothing to retry.
import { logger } from "@/server/logger";
import { recordComplaint } from "@/server/services/bounces/record-complaint";
import { recordDeliveryReport } from "@/server/services/bounces/record-delivery-report";
import { findMessageRecipients } from "@/server/services/messages/find-message-recipients";
import { attributeReport } from "./attribute-report";
import type { BounceDestination, InboundMessage } from "../inbound-message";
import { parseInboundReport } from "./parse-report";

async function authenticationOf(message: InboundMessage) {
  const { spf, dkim, dmarc, arc } = await message.authentication();
  return { spf, dkim, dmarc, arc };
}

export async function handleBounceReports(message: InboundMessage, destinations: BounceDestination[]): Promise<void> {
  const log = logger().child({ listener: "mx", session: message.sessionId });
  const report = await parseInboundReport(message.raw, { mailFrom: message.mailFrom });
  if (report.kind === "none") {
    log.info({ messageIds: destinations.map((destination) => destination.messageId), reason: report.reason }, "mx report ignored");
    return;
  }
  const authentication = message.fromOwnPostfix ? undefined : await authenticationOf(message);
  // One pass per message and recipient the tokens name (null: a message-wide token, every recipient of the message).
  const targets = new Map(destinations.map((destination) => [`${destination.messageId} ${destination.recipient ?? ""}`, destination]));
  for (const { messageId, recipient: bound } of targets.values()) {
    const recipients = bound ? [bound] : await findMessageRecipients(messageId);
    if (!recipients) continue;
    const { records, ignored } = attributeReport(report, recipients);
    for (const record of records) {
      const { recipient } = record;
      switch (record.kind) {
        case "bounce": {
          const { bounceType, diagnostic, expired } = record;
          await recordDeliveryReport({
            messageId,
            recipient,
            outcome: expired ? "expired" : "bounced",
            bounceType,
            diagnostic,
            authentication,
          });
          break;
        }
        case "delivered":
          await recordDeliveryReport({
            messageId,
            recipient,
            outcome: "delivered",
            remoteMta: record.remoteMta,
            diagnostic: record.diagnostic,
            authentication,
          });
          break;
        case "delayed":
          await recordDeliveryReport({ messageId, recipient, outcome: "delayed", diagnostic: record.diagnostic, authentication });
          break;
        case "complaint":
          await recordComplaint({ messageId, recipient, feedbackType: record.feedbackType, source: "arf", authentication });
          break;
      }
    }
    log.info(
      {
        messageId,
        boundTo: bound,
        report: report.kind,
        recorded: records.map((record) => `${record.kind}:${record.recipient}`),
        ignored,
        authentication,
      },
      records.length > 0 ? "mx report recorded" : "mx report named none of the message's recipients",
    );
  }
}
