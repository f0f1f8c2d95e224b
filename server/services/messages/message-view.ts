import type { messageEvents, messages, StoredAttachment } from "@/server/db/schema";
import type { messageDetailSchema, MessageSummary } from "@/shared/schemas/messages";
import type { z } from "zod";

type MessageRow = typeof messages.$inferSelect;
/** The parts of message_contents the detail view shows (never the raw form). */
export type ContentsView = { html: string | null; text: string | null; attachments: StoredAttachment[] };
type EventView = Pick<typeof messageEvents.$inferSelect, "type" | "detail" | "createdAt">;

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
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

export function messageDetailView(
  row: MessageRow,
  contents: ContentsView | undefined,
  events: EventView[],
): z.input<typeof messageDetailSchema> {
  return {
    ...messageSummaryView(row),
    html: contents?.html ?? null,
    text: contents?.text ?? null,
    headers: row.headers,
    attachments: contents?.attachments ?? [],
    events: events.map((event) => ({ type: event.type, detail: event.detail, createdAt: event.createdAt.toISOString() })),
  };
}
