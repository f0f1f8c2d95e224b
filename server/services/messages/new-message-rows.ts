// The rows a new message is stored as, built once for both ways of storing a
// send (store-messages.ts and the one-statement store-messages-fast.ts).
import type { messageContents, messages } from "@/server/db/schema";
import type { SendingPrincipal } from "@/server/services/auth/sending-principal";
import type { PreparedMessage } from "./store-messages";

type MessageRow = typeof messages.$inferSelect;

/** Its `messages` row as stored, every column given (the one-statement path reads nothing back). */
export function newMessageRow(principal: SendingPrincipal, message: PreparedMessage, status: MessageRow["status"]): MessageRow {
  return {
    id: message.id,
    accountId: principal.accountId,
    apiKeyId: principal.apiKey?.id ?? null,
    domainId: message.domain.id,
    fromDomain: message.domain.name,
    from: message.from,
    to: message.to,
    cc: message.cc,
    bcc: message.bcc,
    replyTo: message.replyTo,
    subject: message.subject,
    headers: message.headers,
    tags: message.tags,
    trackOpens: message.trackOpens,
    trackClicks: message.trackClicks,
    status,
    source: message.source,
    attachmentCount: message.attachments.length,
    size: message.raw?.length ?? null,
    scheduledAt: message.scheduledAt,
    attempts: 0,
    lastError: null,
    deliveredVia: null,
    messageIdHeader: message.messageIdHeader,
    topicId: message.topicId,
    templateId: message.template?.id ?? null,
    templateVersion: message.template?.version ?? null,
    paidWithCredit: false,
    createdAt: message.createdAt,
    sentAt: null,
  };
}

/** Its `message_contents` row: what delivery reads, with the envelope's recipients that are left to deliver to. */
export function newContentRow(message: PreparedMessage, envelopeTo: string[]): typeof messageContents.$inferInsert {
  return {
    messageId: message.id,
    envelopeFrom: message.envelope.from,
    envelopeTo,
    raw: message.raw,
    html: message.html,
    text: message.text,
    attachments: message.attachments,
  };
}
