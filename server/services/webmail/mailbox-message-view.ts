// How a message in a mailbox is shown through the API: ids, summaries from
// IMAP's envelope and Dovecot's GUID and preview, details from the parsed message (its HTML sanitized).
import { createHash } from "node:crypto";
import type { FetchMessageObject, MessageAddressObject } from "imapflow";
import type { AddressObject, ParsedMail } from "mailparser";
import { env } from "@/server/config/env";
import type { MessageExtras } from "@/server/mail-store/dovecot/dovecot-message-extras";
import { unsubscribeOptionOf } from "@/server/message-format/list-unsubscribe";
import { isAuthenticationResultsOf } from "@/server/message-format/trace-headers";
import { HAS_ATTACHMENT } from "@/server/services/webmail/attachment-keyword";
import {
  DRAFT_FORWARD_OF_HEADER,
  DRAFT_IN_REPLY_TO_HEADER,
  fetchedHeader,
  isSendingMessageId,
  SENDING_MESSAGE_HEADER,
} from "@/server/services/webmail/service-headers";
import { mailboxMessageId } from "@/server/services/webmail/message-ids";
import { spamVerdictOf } from "@/server/services/webmail/spam-verdict";
import type { MailboxFolder } from "@/shared/schemas/mailbox-folders";
import type { MailboxMessageDetail, MailboxMessageSummary } from "@/shared/schemas/mailbox-messages";
import { sanitizeEmailHtml } from "@/shared/sanitize-email-html";

const formatAddress = (entry: MessageAddressObject) => (entry.name ? `${entry.name} <${entry.address ?? ""}>` : (entry.address ?? ""));

const isoOf = (value: Date | string | undefined) => (value ? new Date(value).toISOString() : new Date(0).toISOString());

/** The first message id in a References header: the conversation's first message. */
function conversationRoot(headers: Buffer | undefined): string | null {
  return /<[^<>\s]+>/.exec(fetchedHeader(headers, "references") ?? "")?.[0] ?? null;
}

/**
 * What links a copy in Sent to its sending message (docs/webmail.md, "Sent"): the id the webmail stored in it, or
 * else its Message-ID, which a mail client's copy shares with what it submitted over SMTP. Either is resolved (or
 * dropped) by withSentDelivery before any answer leaves.
 */
function sendingMessageIdOf(message: FetchMessageObject, folder: FolderUse): string | null {
  if (folder.specialUse !== "sent") return null;
  const value = fetchedHeader(message.headers, SENDING_MESSAGE_HEADER)?.trim() ?? "";
  if (isSendingMessageId(value)) return value;
  const messageId = message.envelope?.messageId?.trim() ?? "";
  return /^<[^<>\s]{1,500}>$/.test(messageId) ? messageId : null;
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

type FolderUse = Pick<MailboxFolder, "name" | "specialUse">;

/** Needs `uid, envelope, internalDate, size, flags` and SUMMARY_HEADERS fetched, and Dovecot's GUID and preview. */
export function messageSummary(message: FetchMessageObject, folder: FolderUse, extras: MessageExtras | undefined): MailboxMessageSummary {
  const envelope = message.envelope;
  const id = extras?.guid ? mailboxMessageId(extras.guid) : "";
  return {
    id,
    folder: folder.name,
    uid: message.uid,
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
    sendingMessageId: sendingMessageIdOf(message, folder),
    // Read from the sending records after the IMAP session (sent-delivery.ts).
    delivery: null,
  };
}

const addressList = (value: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((group) =>
    group.value.map((entry) => formatAddress({ name: entry.name, address: entry.address })),
  );

/**
 * The Authentication-Results header this host added on the way in (the first
 * with our name: a header added on the way in sits on top). One that names
 * another host is that host's word, not ours, and is never shown as a verdict.
 */
function authenticationResults(parsed: ParsedMail): MailboxMessageDetail["authenticationResults"] {
  const hostname = env().mail.hostname;
  const line = parsed.headerLines.find(
    (header) => header.key === "authentication-results" && isAuthenticationResultsOf(header.line.replace(/^[^:]*:/, ""), hostname),
  );
  if (!line) return null;
  const header = line.line.replace(/^[^:]*:\s*/, "").replace(/\r?\n\s+/g, " ");
  const result = (method: string) => new RegExp(`\\b${method}=([a-z]+)`, "i").exec(header)?.[1]?.toLowerCase() ?? null;
  return { header, spf: result("spf"), dkim: result("dkim"), dmarc: result("dmarc") };
}

/** The message a draft saved through the API answers or forwards (docs/webmail.md, "Drafts"). */
function draftOf(parsed: ParsedMail): MailboxMessageDetail["draft"] {
  const value = (name: string) => {
    const header = parsed.headers.get(name.toLowerCase());
    return typeof header === "string" && header.trim() ? header.trim() : null;
  };
  return { inReplyTo: value(DRAFT_IN_REPLY_TO_HEADER), forwardOf: value(DRAFT_FORWARD_OF_HEADER) };
}

export function messageDetail(summary: MailboxMessageSummary, parsed: ParsedMail, folder: FolderUse): MailboxMessageDetail {
  return {
    ...summary,
    seen: true,
    cc: addressList(parsed.cc),
    bcc: addressList(parsed.bcc),
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
    draft: folder.specialUse === "drafts" ? draftOf(parsed) : null,
    // What the mailbox wrote itself is not list mail it could leave.
    unsubscribe: folder.specialUse === "sent" || folder.specialUse === "drafts" ? null : unsubscribeOptionOf(parsed.headerLines),
  };
}

/** Shown in place of a body the reader could not parse: the header is kept, the parts are not. */
const UNREADABLE_MESSAGE_TEXT =
  "This message could not be displayed: its MIME structure is beyond what the reader accepts. Its header is shown above; a mail client over IMAP can still fetch the original.";

/** A message whose parts could not be parsed: what its header block says (when even that fails, nothing), and a placeholder text. */
export function unreadableMessageDetail(
  summary: MailboxMessageSummary,
  header: ParsedMail | null,
  folder: FolderUse,
): MailboxMessageDetail {
  const detail = header
    ? messageDetail(summary, header, folder)
    : {
        ...summary,
        seen: true,
        cc: [],
        bcc: [],
        replyTo: null,
        date: null,
        headers: [],
        html: null,
        attachments: [],
        authenticationResults: null,
        spam: null,
        draft: null,
        unsubscribe: null,
      };
  return { ...detail, text: UNREADABLE_MESSAGE_TEXT, html: null, attachments: [] };
}
