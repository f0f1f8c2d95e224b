import type { messageEvents, messages } from "@/server/db/schema";
import type { messageDetailSchema, MessageSummary } from "@/shared/schemas/messages";
import type { z } from "zod";

type MessageRow = typeof messages.$inferSelect;

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
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

export function messageDetailView(row: MessageRow, events: (typeof messageEvents.$inferSelect)[]): z.input<typeof messageDetailSchema> {
  return {
    ...messageSummaryView(row),
    html: row.html,
    text: row.text,
    headers: row.headers,
    events: events.map((event) => ({ type: event.type, detail: event.detail, createdAt: event.createdAt.toISOString() })),
  };
}
