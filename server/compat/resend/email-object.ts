// A message as Resend's API shows an email: snake_case fields and `last_event`,
// plus what this service knows beyond it (`recipients`, with each one's
// outcome and TLS), which the Resend SDKs pass through untouched.
import type { z } from "zod";
import type { MessageWithLatestEvent } from "@/server/services/messages/list-messages-by-cursor";
import type { messageDetailSchema, messageEventTypes, MessageSummary } from "@/shared/schemas/messages";

type MessageDetail = z.input<typeof messageDetailSchema>;
type EventType = (typeof messageEventTypes)[number];

/** The API's event types as Resend names an email's last event. */
const lastEventNames: Record<EventType, string> = {
  scheduled: "scheduled",
  queued: "queued",
  sent: "sent",
  delivered: "delivered",
  deferred: "delivery_delayed",
  delivery_delayed: "delivery_delayed",
  bounced: "bounced",
  // Given up after the retries ran out: Resend's name for an email that could not be delivered.
  expired: "failed",
  failed: "failed",
  complained: "complained",
  suppressed: "suppressed",
  canceled: "canceled",
  opened: "opened",
  clicked: "clicked",
  // Resend has no event for it; a reader who unsubscribed from the copy had it delivered.
  unsubscribed: "delivered",
};

/** Without events (a message stored before it had one), its status says the same. */
const lastEventOf = (type: EventType | null, status: MessageSummary["status"]) => lastEventNames[type ?? status];

function emailFields(message: MessageSummary) {
  return {
    id: message.id,
    from: message.from,
    to: message.to,
    cc: message.cc,
    bcc: message.bcc,
    reply_to: message.replyTo,
    subject: message.subject,
    created_at: message.createdAt,
    scheduled_at: message.scheduledAt,
  };
}

/** GET /emails/{id}. */
export function emailObject(message: MessageDetail) {
  return {
    object: "email" as const,
    ...emailFields(message as MessageSummary),
    html: message.html,
    text: message.text,
    last_event: lastEventOf(message.events.at(-1)?.type ?? null, message.status),
    tags: message.tags,
    topic_id: message.topicId,
    recipients: message.recipients.map((recipient) => ({
      email: recipient.email,
      status: recipient.status,
      updated_at: recipient.updatedAt,
      remote_mta: recipient.remoteMta,
      diagnostic: recipient.diagnostic,
      tls: recipient.tls,
    })),
  };
}

/** An item of GET /emails. */
export function listedEmailObject(message: MessageWithLatestEvent) {
  return { ...emailFields(message), last_event: lastEventOf(message.latestEvent, message.status) };
}
