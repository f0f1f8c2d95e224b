// Reports sent to return-path addresses: each names its message, and the
// recipient of it, through the verified token of the address it came to
// (never through what the report says), and becomes `bounced` and `complained` events (with the suppression
// list following) for the recipients of that message it names. Anything else
// (an out-of-office reply, a report about another address) is logged and
// dropped: the sender has nothing to retry.
import { eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { messages } from "@/server/db/schema";
import { logger } from "@/server/logger";
import { recordBounce } from "@/server/services/bounces/record-bounce";
import { recordComplaint } from "@/server/services/bounces/record-complaint";
import { addressOf } from "@/shared/schemas/messages";
import { attributeReport } from "./attribute-report";
import type { BounceDestination, InboundMessage } from "../inbound-message";
import { parseInboundReport } from "./parse-report";

async function recipientsOf(messageId: string): Promise<string[] | null> {
  const [row] = await db().select({ to: messages.to, cc: messages.cc, bcc: messages.bcc }).from(messages).where(eq(messages.id, messageId));
  if (!row) return null;
  const addresses = [...row.to, ...row.cc, ...row.bcc].flatMap((mailbox) => addressOf(mailbox)?.toLowerCase() ?? []);
  return [...new Set(addresses)];
}

export async function handleBounceReports(message: InboundMessage, destinations: BounceDestination[]): Promise<void> {
  const log = logger().child({ listener: "mx", session: message.sessionId });
  const report = await parseInboundReport(message.raw, { mailFrom: message.mailFrom });
  if (report.kind === "none") {
    log.info({ messageIds: destinations.map((destination) => destination.messageId), reason: report.reason }, "mx report ignored");
    return;
  }
  const { spf, dkim, dmarc, arc } = await message.authentication();
  const authentication = { spf, dkim, dmarc, arc };
  // One pass per message and recipient the tokens name (null: a message-wide token, every recipient of the message).
  const targets = new Map(destinations.map((destination) => [`${destination.messageId} ${destination.recipient ?? ""}`, destination]));
  for (const { messageId, recipient: bound } of targets.values()) {
    const recipients = bound ? [bound] : await recipientsOf(messageId);
    if (!recipients) continue;
    const { records, ignored } = attributeReport(report, recipients);
    for (const record of records) {
      if (record.kind === "bounce") {
        const { recipient, bounceType, diagnostic } = record;
        await recordBounce({ messageId, recipient, bounceType, diagnostic, source: "dsn", authentication });
      } else {
        await recordComplaint({ messageId, recipient: record.recipient, feedbackType: record.feedbackType, source: "arf", authentication });
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
