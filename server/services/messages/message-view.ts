import type { messageEvents, messageRecipients, messages, StoredAttachment } from "@/server/db/schema";
import { recipientAddressesOf } from "@/server/services/messages/recipient-addresses";
import type { messageDetailSchema, MessageRecipient, MessageSummary } from "@/shared/schemas/messages";
import type { z } from "zod";

type MessageRow = typeof messages.$inferSelect;
/** The parts of message_contents the detail view shows (never the raw form). */
export type ContentsView = { html: string | null; text: string | null; attachments: StoredAttachment[] };
type EventView = Pick<typeof messageEvents.$inferSelect, "type" | "detail" | "createdAt">;
export type RecipientRow = Omit<typeof messageRecipients.$inferSelect, "messageId">;

/** A message as lists show it (no bodies). */
export function messageSummaryView(row: MessageRow): MessageSummary {
  return {
    id: row.id,
    from: row.from,
    to: row.to,
    cc: row.cc,
    bcc: row.bcc,
    replyTo: row.replyTo,
    subject: row.subject,
    status: row.status,
    tags: row.tags,
    domainId: row.domainId,
    trackOpens: row.trackOpens,
    trackClicks: row.trackClicks,
    attempts: row.attempts,
    lastError: row.lastError,
    deliveredVia: row.deliveredVia as MessageSummary["deliveredVia"],
    source: row.source,
    attachmentCount: row.attachmentCount,
    size: row.size,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    topicId: row.topicId,
    template: row.templateId && row.templateVersion ? { id: row.templateId, version: row.templateVersion } : null,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

export function messageDetailView(
  row: MessageRow,
  contents: ContentsView | undefined,
  events: EventView[],
  recipientRows: RecipientRow[] = [],
): z.input<typeof messageDetailSchema> {
  return {
    ...messageSummaryView(row),
    html: contents?.html ?? null,
    text: contents?.text ?? null,
    headers: row.headers,
    attachments: contents?.attachments ?? [],
    recipients: recipientsView(row, events, recipientRows),
    events: events.map((event) => ({ type: event.type, detail: event.detail, createdAt: event.createdAt.toISOString() })),
  };
}

/**
 * Each recipient's outcome: its stored row (written at hand-off and by
 * delivery reports), else `suppressed` when it was dropped at acceptance,
 * else `queued`. Addresses in lower case, in the order of to, cc and bcc,
 * then any other envelope recipient with a row (SMTP submission).
 */
export function recipientsView(row: MessageRow, events: EventView[], recipientRows: RecipientRow[]): MessageRecipient[] {
  const stored = new Map(recipientRows.map((entry) => [entry.email, entry]));
  const suppressedAt = new Map(
    events
      .filter((event) => event.type === "suppressed" && typeof event.detail.recipient === "string")
      .map((event) => [String(event.detail.recipient).toLowerCase(), event.createdAt]),
  );
  const addresses = [...new Set([...recipientAddressesOf(row), ...stored.keys()])];
  return addresses.map((email) => {
    const entry = stored.get(email);
    if (entry)
      return {
        email,
        status: entry.status,
        updatedAt: entry.updatedAt.toISOString(),
        remoteMta: entry.remoteMta,
        diagnostic: entry.diagnostic,
        tls: entry.tls,
      };
    const suppressed = suppressedAt.get(email);
    return {
      email,
      status: suppressed ? "suppressed" : "queued",
      updatedAt: (suppressed ?? row.createdAt).toISOString(),
      remoteMta: null,
      diagnostic: null,
      tls: null,
    };
  });
}
