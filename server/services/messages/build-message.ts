// Builds a message of the sending API into what goes on the wire: MIME by
// nodemailer's composer with tracking applied to the HTML and attachments (a
// contentId makes one inline), plus the SMTP envelope. The same message builds
// to the same bytes every time (its boundaries come from its id, its Date and
// Message-ID are stored), so a message without attachments is built where it
// is delivered, not in the request (wire-form.ts); one with attachments is
// built at acceptance, the only time its files are at hand. The DKIM
// signature is added at delivery (server/services/delivery/).
import { createHash } from "node:crypto";
import MailComposer from "nodemailer/lib/mail-composer";
import mimeTypes from "nodemailer/lib/mime-funcs/mime-types";
import { AppError } from "@/server/errors";
import type { StoredAttachment } from "@/server/db/schema";
import { hasBareLineBreak, withCrlf } from "@/shared/schemas/line-breaks";
import { MAX_MESSAGE_BYTES } from "@/shared/schemas/message-attachments";
import { type Mailbox, parseMailbox } from "@/shared/schemas/mail-address";
import type { SendMessageInput } from "@/shared/schemas/messages";
import { preferredTextEncoding } from "@/server/message-format/text-encoding";
import { SENDING_MESSAGE_HEADER } from "@/server/services/webmail/service-headers";
import { withTracking } from "./tracking-links";

export type BuiltMessage = {
  raw: Buffer;
  envelope: { from: string; to: string[] };
  attachments: StoredAttachment[];
};

type Identity = { id: string; messageIdHeader: string; date: Date };

/** nodemailer's composer reads `baseBoundary` (lib/mime-node); its type definitions leave it out. */
type ComposerOptions = ConstructorParameters<typeof MailComposer>[0] & { baseBoundary: string };

// Headers are written from the parsed parts (nodemailer quotes the name), never
// from the caller's text, and the envelope takes the very same addresses (docs/security.md).
const mailboxOf = (text: string): Mailbox => {
  const mailbox = parseMailbox(text);
  if (!mailbox) throw new Error("An address that is not one mailbox passed validation");
  return mailbox;
};

/** Every recipient of to, cc and bcc once, as bare addresses (Bcc lives only here). */
export function envelopeRecipients(input: Pick<SendMessageInput, "to" | "cc" | "bcc">): string[] {
  return [...new Set([...input.to, ...(input.cc ?? []), ...(input.bcc ?? [])].map((text) => mailboxOf(text).address))];
}

/** The SMTP envelope of a message: its `from` mailbox and every recipient once. */
export function envelopeOf(input: Pick<SendMessageInput, "from" | "to" | "cc" | "bcc">): BuiltMessage["envelope"] {
  return { from: mailboxOf(input.from).address, to: envelopeRecipients(input) };
}

/**
 * Whether the message may be built at delivery: it has no files to keep, and its bodies are short enough that the
 * encoded form cannot pass the size limit (quoted-printable at most triples a byte, and one UTF-16 unit is at most
 * three UTF-8 bytes: 9 bytes a character), so acceptance refuses nothing that delivery would.
 */
export function buildsAtDelivery(input: SendMessageInput): boolean {
  const bodies = (input.html?.length ?? 0) + (input.text?.length ?? 0);
  return !input.attachments?.length && bodies * 9 <= MAX_MESSAGE_BYTES / 2;
}

/** Shared part of every MIME boundary of the message: from its id, so a rebuild gives the same bytes. */
const baseBoundaryOf = (id: string) => createHash("sha256").update(`boundary:${id}`).digest("hex").slice(0, 24);

export const tooLargeError = () =>
  new AppError("payload_too_large", `The encoded message is larger than ${MAX_MESSAGE_BYTES / 1_000_000} MB (attachments included).`);

/** Rough size of the encoded message before building it, so an oversized one is refused without the work. */
function estimatedSize(input: SendMessageInput): number {
  const bodies = (input.html?.length ?? 0) + (input.text?.length ?? 0);
  // Base64 stays base64 in the message, plus a line break every 76 characters.
  const files = (input.attachments ?? []).reduce((sum, file) => sum + file.content.length * (78 / 76), 0);
  return bodies + files;
}

/**
 * nodemailer writes a message/* attachment (an .eml file) unencoded, byte for byte: its lines follow the
 * bodies' rule (CRLF only, no NUL). Every other attachment goes out in base64.
 */
function unencodedContent(file: { filename: string; contentType?: string }, content: Buffer, index: number): Buffer {
  if (!/^message\//i.test(file.contentType ?? mimeTypes.detectMimeType(file.filename))) return content;
  if (content.includes(0)) {
    throw new AppError("validation_error", "An attached message cannot contain NUL bytes.", {
      errors: [{ path: `attachments.${index}.content`, message: "An attached message (message/*) cannot contain NUL bytes" }],
    });
  }
  return Buffer.from(withCrlf(content.toString("latin1")), "latin1");
}

export async function buildMessage(input: SendMessageInput, identity: Identity): Promise<BuiltMessage> {
  if (estimatedSize(input) > MAX_MESSAGE_BYTES) throw tooLargeError();
  // Every line break of a body goes out as CRLF: nodemailer keeps a bare CR or LF as given (shared/schemas/line-breaks.ts).
  const html = input.html
    ? withCrlf(withTracking(input.html, identity.id, { opens: input.trackOpens, clicks: input.trackClicks }))
    : undefined;
  const text = input.text ? withCrlf(input.text) : undefined;
  const attachments: StoredAttachment[] = [];
  const files = (input.attachments ?? []).map((file, index) => {
    const content = Buffer.from(file.content, "base64");
    attachments.push({
      filename: file.filename,
      contentType: file.contentType ?? "",
      size: content.length,
      contentId: file.contentId ?? null,
      sha256: createHash("sha256").update(content).digest("hex"),
    });
    return {
      filename: file.filename,
      content: unencodedContent(file, content, index),
      contentType: file.contentType,
      ...(file.contentId ? { cid: file.contentId } : {}),
    };
  });
  const options: ComposerOptions = {
    from: mailboxOf(input.from),
    to: input.to.map(mailboxOf),
    cc: input.cc?.length ? input.cc.map(mailboxOf) : undefined,
    replyTo: input.replyTo?.length ? input.replyTo.map(mailboxOf) : undefined,
    subject: input.subject,
    html,
    text,
    textEncoding: preferredTextEncoding(html, text),
    headers: { ...input.headers, [SENDING_MESSAGE_HEADER]: identity.id },
    attachments: files,
    messageId: identity.messageIdHeader,
    date: identity.date,
    baseBoundary: baseBoundaryOf(identity.id),
  };
  const composer = new MailComposer(options);
  const raw = await composer.compile().build();
  if (raw.length > MAX_MESSAGE_BYTES) throw tooLargeError();
  // The schema and the bodies' CRLF should make this impossible; a message that would still carry one is not sent.
  if (hasBareLineBreak(raw)) throw new Error("A built message holds a bare CR, a bare LF or a NUL");
  // Without a contentType the composer guesses one from the file name, with this same lookup.
  for (const entry of attachments) if (!entry.contentType) entry.contentType = mimeTypes.detectMimeType(entry.filename);
  return { raw, envelope: envelopeOf(input), attachments };
}
