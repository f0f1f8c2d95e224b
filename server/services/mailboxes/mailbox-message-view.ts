// How a message in a mailbox is shown through the API: ids, summaries from
// IMAP's envelope and Dovecot's GUID and preview, details from the parsed message (its HTML sanitized).
import { createHash } from "node:crypto";
import type { FetchMessageObject, MessageAddressObject } from "imapflow";
import type { AddressObject, ParsedMail } from "mailparser";
import type { MessageExtras } from "@/server/mail-store/dovecot/dovecot-message-extras";
import { HAS_ATTACHMENT } from "@/server/services/webmail/attachment-keyword";
import { mailboxMessageId } from "@/server/services/webmail/message-ids";
import { spamVerdictOf } from "@/server/services/webmail/spam-verdict";
import type { MailboxMessageDetail, MailboxMessageSummary } from "@/shared/schemas/mailbox-messages";
import { sanitizeEmailHtml } from "@/shared/sanitize-email-html";

const formatAddress = (entry: MessageAddressObject) => (entry.name ? `${entry.name} <${entry.address ?? ""}>` : (entry.address ?? ""));

const isoOf = (value: Date | string | undefined) => (value ? new Date(value).toISOString() : new Date(0).toISOString());

/** The first message id in a References header: the conversation's first message. */
function conversationRoot(references: Buffer | undefined): string | null {
  const text = references?.toString("latin1") ?? "";
  return /<[^<>\s]+>/.exec(text.replace(/^[^:]*:/, ""))?.[0] ?? null;
}

/**
 * One id per conversation, from headers every mail client writes: the first
 * References entry, else In-Reply-To, else the message's own Message-ID
 * (docs/webmail.md, "Threads"). A message in Sent and its replies in INBOX share it.
 */
function threadIdOf(message: FetchMessageObject, messageId: string): string {
  const root = conversationRoot(message.headers) ?? message.envelope?.inReplyTo ?? message.envelope?.messageId ?? messageId;
  return createHash("sha256").update(root.trim().toLowerCase()).digest("base64url").slice(0, 22);
}

/** Needs `uid, envelope, internalDate, size, flags` and `headers: ["references"]` fetched, and Dovecot's GUID and preview. */
export function messageSummary(message: FetchMessageObject, folder: string, extras: MessageExtras | undefined): MailboxMessageSummary {
  const envelope = message.envelope;
  const id = extras?.guid ? mailboxMessageId(extras.guid) : "";
  return {
    id,
    folder,
    threadId: threadIdOf(message, id),
    from: envelope?.from?.[0] ? formatAddress(envelope.from[0]) : null,
    to: (envelope?.to ?? []).map(formatAddress),
    subject: envelope?.subject ?? null,
    preview: extras?.preview ?? "",
    receivedAt: isoOf(message.internalDate),
    size: message.size ?? 0,
    seen: message.flags?.has("\\Seen") ?? false,
    flagged: message.flags?.has("\\Flagged") ?? false,
    hasAttachments: message.flags?.has(HAS_ATTACHMENT) ?? false,
  };
}

const addressList = (value: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((group) =>
    group.value.map((entry) => formatAddress({ name: entry.name, address: entry.address })),
  );

/** The Authentication-Results header our MX added (the first one: a header added on the way in sits on top). */
function authenticationResults(parsed: ParsedMail): MailboxMessageDetail["authenticationResults"] {
  const line = parsed.headerLines.find((header) => header.key === "authentication-results");
  if (!line) return null;
  const header = line.line.replace(/^[^:]*:\s*/, "").replace(/\r?\n\s+/g, " ");
  const result = (method: string) => new RegExp(`\\b${method}=([a-z]+)`, "i").exec(header)?.[1]?.toLowerCase() ?? null;
  return { header, spf: result("spf"), dkim: result("dkim"), dmarc: result("dmarc") };
}

export function messageDetail(summary: MailboxMessageSummary, parsed: ParsedMail): MailboxMessageDetail {
  return {
    ...summary,
    seen: true,
    cc: addressList(parsed.cc),
    replyTo: parsed.replyTo?.text ?? null,
    date: parsed.date ? parsed.date.toISOString() : null,
    headers: parsed.headerLines.map((header) => {
      const separator = header.line.indexOf(":");
      return { name: header.line.slice(0, separator).trim(), value: header.line.slice(separator + 1).trim() };
    }),
    text: parsed.text ?? null,
    // Served for display: received HTML is a stranger's (docs/security.md, "Message HTML").
    html: parsed.html ? sanitizeEmailHtml(parsed.html) : null,
    attachments: parsed.attachments.map((attachment) => ({
      filename: attachment.filename ?? null,
      contentType: attachment.contentType,
      size: attachment.size,
      contentId: attachment.contentId ?? null,
      content: attachment.content.toString("base64"),
    })),
    authenticationResults: authenticationResults(parsed),
    spam: spamVerdictOf(parsed.headerLines),
  };
}

/** Shown in place of a body the reader could not parse: the header is kept, the parts are not. */
const UNREADABLE_MESSAGE_TEXT =
  "This message could not be displayed: its MIME structure is beyond what the reader accepts. Its header is shown above; a mail client over IMAP can still fetch the original.";

/** A message whose parts could not be parsed: what its header block says (when even that fails, nothing), and a placeholder text. */
export function unreadableMessageDetail(summary: MailboxMessageSummary, header: ParsedMail | null): MailboxMessageDetail {
  const detail = header
    ? messageDetail(summary, header)
    : {
        ...summary,
        seen: true,
        cc: [],
        replyTo: null,
        date: null,
        headers: [],
        html: null,
        attachments: [],
        authenticationResults: null,
        spam: null,
      };
  return { ...detail, text: UNREADABLE_MESSAGE_TEXT, html: null, attachments: [] };
}
