// The message a reply answers or a forward passes on, read from the mailbox
// (docs/webmail.md, "Sending"): its Message-ID and References thread the
// reply; its attachments go along with a forward, their bytes as stored.
import type { ImapFlow } from "imapflow";
import { type ParsedMail, simpleParser } from "mailparser";
import { AppError, notFound } from "@/server/errors";
import { attachmentInput } from "@/shared/schemas/message-attachments";
import type { SendMessageInput } from "@/shared/schemas/messages";
import { locateMessage } from "./locate-message";

type AttachmentInput = NonNullable<SendMessageInput["attachments"]>[number];

/** The most References entries a reply carries: the first (the conversation's root) and the latest. */
const MAX_REFERENCES = 20;
const MESSAGE_ID = /^<[^<>\s]{1,900}>$/;

/**
 * The original, taken apart: a reply needs its header only, a forward the whole message (attached messages,
 * message/rfc822, stay attachments, unparsed).
 */
export async function readOriginal(client: ImapFlow, messageId: string, field: "inReplyTo" | "forwardOf"): Promise<ParsedMail> {
  const { uid } = await locateMessage(client, messageId);
  const headerOnly = field === "inReplyTo";
  const message = await client.fetchOne(String(uid), headerOnly ? { uid: true, headers: true } : { uid: true, source: true }, {
    uid: true,
  });
  const bytes = message === false ? undefined : headerOnly ? message.headers : message.source;
  if (!bytes) throw notFound("Message");
  const parsed = await simpleParser(bytes, { ignoreEmbedded: true, keepCidLinks: true, skipImageLinks: true }).catch(() => null);
  if (!parsed) {
    throw new AppError("validation_error", "That message's MIME structure is beyond what the reader accepts.", {
      errors: [{ path: field, message: "This message cannot be taken apart to answer or forward; a mail client over IMAP can" }],
    });
  }
  return parsed;
}

/** In-Reply-To and References of a reply to `original` (RFC 5322 §3.6.4); none when it has no Message-ID. */
export function replyHeaders(original: ParsedMail): Record<string, string> {
  const own = original.messageId?.trim();
  if (!own || !MESSAGE_ID.test(own)) return {};
  const listed = original.references ?? original.inReplyTo ?? [];
  const earlier = (Array.isArray(listed) ? listed : listed.split(/\s+/)).map((id) => id.trim()).filter((id) => MESSAGE_ID.test(id));
  let chain = [...earlier.filter((id) => id !== own), own];
  if (chain.length > MAX_REFERENCES) chain = [chain[0]!, ...chain.slice(-(MAX_REFERENCES - 1))];
  return { "In-Reply-To": own, References: chain.join(" ") };
}

/** A type or Content-ID the sending API would take from a caller; others are left for nodemailer to write. */
const acceptable = (field: "contentType" | "contentId", value: string | undefined) =>
  value !== undefined && attachmentInput.shape[field].safeParse(value).success ? value : undefined;

/** The original's attachments as the sending API takes them: same bytes, name and type; inline ones keep their Content-ID. */
export function forwardedAttachments(original: ParsedMail): AttachmentInput[] {
  return original.attachments.map((attachment, index) => ({
    filename: attachment.filename?.replace(/[\r\n\\/\0]/g, "_").trim() || `attachment-${index + 1}`,
    content: attachment.content.toString("base64"),
    contentType: acceptable("contentType", attachment.contentType),
    contentId: attachment.related ? acceptable("contentId", attachment.cid) : undefined,
  }));
}
