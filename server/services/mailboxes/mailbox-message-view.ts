// How a message in a mailbox is shown through the API: ids, summaries from
// IMAP's envelope, details from the parsed message (its HTML sanitized).
import type { FetchMessageObject, MessageAddressObject } from "imapflow";
import type { AddressObject, ParsedMail } from "mailparser";
import { notFound } from "@/server/errors";
import type { MailboxMessageDetail, MailboxMessageSummary } from "@/shared/schemas/mailbox-messages";
import { sanitizeEmailHtml } from "@/shared/sanitize-email-html";

/** `<uidvalidity>.<uid>`: a uid means nothing once the inbox's uidvalidity changes, so the id carries both. */
export function mailboxMessageId(uidValidity: bigint, uid: number): string {
  return `${uidValidity}.${uid}`;
}

export function parseMailboxMessageId(id: string, uidValidity: bigint): number {
  const match = /^(\d{1,20})\.(\d{1,10})$/.exec(id);
  if (!match || BigInt(match[1]!) !== uidValidity) throw notFound("Message");
  return Number(match[2]);
}

const formatAddress = (entry: MessageAddressObject) => (entry.name ? `${entry.name} <${entry.address ?? ""}>` : (entry.address ?? ""));

const isoOf = (value: Date | string | undefined) => (value ? new Date(value).toISOString() : new Date(0).toISOString());

export function messageSummary(message: FetchMessageObject, uidValidity: bigint): MailboxMessageSummary {
  const envelope = message.envelope;
  return {
    id: mailboxMessageId(uidValidity, message.uid),
    from: envelope?.from?.[0] ? formatAddress(envelope.from[0]) : null,
    to: (envelope?.to ?? []).map(formatAddress),
    subject: envelope?.subject ?? null,
    receivedAt: isoOf(message.internalDate),
    size: message.size ?? 0,
    seen: message.flags?.has("\\Seen") ?? false,
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
  };
}

/** Shown in place of a body the reader could not parse: the header is kept, the parts are not. */
const UNREADABLE_MESSAGE_TEXT =
  "This message could not be displayed: its MIME structure is beyond what the reader accepts. Its header is shown above; a mail client over IMAP can still fetch the original.";

/** A message whose parts could not be parsed: what its header block says (when even that fails, nothing), and a placeholder text. */
export function unreadableMessageDetail(summary: MailboxMessageSummary, header: ParsedMail | null): MailboxMessageDetail {
  const detail = header
    ? messageDetail(summary, header)
    : { ...summary, seen: true, cc: [], replyTo: null, date: null, headers: [], html: null, attachments: [], authenticationResults: null };
  return { ...detail, text: UNREADABLE_MESSAGE_TEXT, html: null, attachments: [] };
}
