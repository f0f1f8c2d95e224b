// What the compose form starts with: empty for a new message; for a reply,
// reply-all and forward the original's people, subject and quoted text (the
// text part, escaped: the sender's HTML never enters the portal's page); for
// a draft, what it holds (docs/webmail.md, "In the portal").
import type { MailboxMessageDetail } from "@/shared/schemas/mailbox-messages";
import { bareAddress } from "./address-list";

export type ComposeKind = "new" | "reply" | "replyAll" | "forward" | "draft";

export type ComposeAttachment = { filename: string; content: string; contentType?: string; size: number };

export type ComposeStart = {
  kind: ComposeKind;
  from: string;
  to: string;
  cc: string;
  bcc: string;
  subject: string;
  /** The editor's first content: a draft's (sanitized) HTML; empty for a reply or forward, whose writer starts afresh. */
  html: string;
  /**
   * What a reply or forward quotes (the attribution line and the original's text, escaped), kept out of the
   * editor so typing never lands inside it; sent after the text written (compose-form.tsx). "" for none.
   */
  quote: string;
  attachments: ComposeAttachment[];
  inReplyTo?: string;
  forwardOf?: string;
  draftId?: string;
  /** A forward sends the original's attachments along (the API adds them). */
  forwardedAttachments: string[];
};

export type Original = Pick<
  MailboxMessageDetail,
  "id" | "from" | "to" | "cc" | "bcc" | "replyTo" | "subject" | "date" | "receivedAt" | "text" | "html" | "attachments" | "draft"
>;

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Plain text as HTML paragraphs' worth of lines. */
export const textToHtml = (text: string) => escapeHtml(text.replace(/\r\n/g, "\n").trimEnd()).replace(/\n/g, "<br>");

export function prefixed(prefix: "Re" | "Fwd", subject: string | null): string {
  const text = (subject ?? "").trim();
  const already = prefix === "Re" ? /^re:/i : /^(fwd?|fw):/i;
  return already.test(text) ? text : `${prefix}: ${text}`.trim();
}

/**
 * Bare addresses, each once, without those left out. Names are dropped: the
 * API writes them unquoted ("Hopper, Grace <grace@…>"), which a comma-separated
 * field could not read back.
 */
function uniqueAddresses(entries: string[], leaveOut: Set<string>): string[] {
  const seen = new Set(leaveOut);
  return entries.map(bareAddress).filter((address) => {
    if (!address || seen.has(address)) return false;
    seen.add(address);
    return true;
  });
}

const when = (original: Original) => new Date(original.date ?? original.receivedAt).toUTCString();

function quoted(original: Original): string {
  return `<p>On ${escapeHtml(when(original))}, ${escapeHtml(original.from ?? "the sender")} wrote:</p><blockquote>${textToHtml(original.text ?? "")}</blockquote>`;
}

function forwarded(original: Original): string {
  const lines = [
    "---------- Forwarded message ----------",
    `From: ${original.from ?? ""}`,
    `Date: ${when(original)}`,
    `Subject: ${original.subject ?? ""}`,
    `To: ${original.to.join(", ")}`,
  ];
  return `<p>${lines.map(escapeHtml).join("<br>")}</p><blockquote>${textToHtml(original.text ?? "")}</blockquote>`;
}

/** The sender a reply goes out as: the address of ours the original was written to, else the default. */
function replyFrom(original: Original, senders: string[], defaultFrom: string): string {
  const written = new Set([...original.to, ...original.cc].map(bareAddress));
  return senders.find((sender) => written.has(sender)) ?? defaultFrom;
}

/**
 * `senders` are the addresses the mailbox sends as (its own first, then its
 * aliases), lower case; none of them is written to on a reply-all.
 */
export function composeStart(kind: ComposeKind, original: Original | null, senders: string[]): ComposeStart {
  const defaultFrom = senders[0] ?? "";
  const blank: ComposeStart = {
    kind,
    from: defaultFrom,
    to: "",
    cc: "",
    bcc: "",
    subject: "",
    html: "",
    quote: "",
    attachments: [],
    forwardedAttachments: [],
  };
  if (!original || kind === "new") return blank;
  const ours = new Set(senders);
  if (kind === "draft") {
    return {
      ...blank,
      from: original.from && ours.has(bareAddress(original.from)) ? bareAddress(original.from) : defaultFrom,
      to: uniqueAddresses(original.to, new Set()).join(", "),
      cc: uniqueAddresses(original.cc, new Set()).join(", "),
      bcc: uniqueAddresses(original.bcc, new Set()).join(", "),
      subject: original.subject ?? "",
      html: original.html ?? textToHtml(original.text ?? ""),
      attachments: original.attachments.map(({ filename, content, contentType, size }, index) => ({
        filename: filename ?? `attachment-${index + 1}`,
        content,
        contentType,
        size,
      })),
      inReplyTo: original.draft?.inReplyTo ?? undefined,
      forwardOf: original.draft?.forwardOf ?? undefined,
      draftId: original.id,
    };
  }
  if (kind === "forward") {
    return {
      ...blank,
      subject: prefixed("Fwd", original.subject),
      quote: forwarded(original),
      forwardOf: original.id,
      forwardedAttachments: original.attachments.map((attachment, index) => attachment.filename ?? `attachment-${index + 1}`),
    };
  }
  // A reply to a message of our own (in Sent) goes to its recipients again, as mail apps do.
  const fromUs = original.from !== null && ours.has(bareAddress(original.from));
  const answerTo = fromUs ? original.to : [original.replyTo ?? original.from ?? ""];
  const to = uniqueAddresses(answerTo, ours);
  const cc = kind === "replyAll" ? uniqueAddresses([...original.to, ...original.cc], new Set([...ours, ...to])) : [];
  return {
    ...blank,
    from: replyFrom(original, senders, defaultFrom),
    to: to.join(", "),
    cc: cc.join(", "),
    subject: prefixed("Re", original.subject),
    quote: quoted(original),
    inReplyTo: original.id,
  };
}
