// What a client submitted over SMTP, made ready for the sending pipeline
// without rebuilding it: the bytes stay as sent (line endings normalised to
// CRLF, bare CR and LF included), minus Bcc, our control headers and the trace
// headers only receiving servers write, plus Message-ID and Date when the
// client left them out. Only the header block is parsed, with mailparser, for
// the message log; the From is read by the one From rule every door shares
// (docs/smtp.md, docs/security.md).
import { createHash, randomBytes } from "node:crypto";
import { simpleParser, type AddressObject } from "mailparser";
import { SmtpReply } from "@/server/mail/reply-codes";
import { type HeaderField, headerFieldValue, headerFields, splitHeaderBlock } from "@/server/message-format/header-block";
import { readFromHeader } from "@/server/message-format/read-from-header";
import { withCrlf } from "@/shared/schemas/line-breaks";
import { checkMailbox, formatMailbox } from "@/shared/schemas/mail-address";
import { tagSchema } from "@/shared/schemas/messages";
import { topicIdField } from "@/shared/schemas/topics";
import { reservedHeaderKind } from "@/shared/schemas/reserved-headers";
import { CONTROL_HEADER_NAMES, RESEND_IDEMPOTENCY_HEADER } from "@/shared/schemas/smtp-submission";

const CONTROL_HEADERS = {
  tags: CONTROL_HEADER_NAMES.tags.toLowerCase(),
  idempotencyKey: CONTROL_HEADER_NAMES.idempotencyKey.toLowerCase(),
  resendIdempotencyKey: RESEND_IDEMPOTENCY_HEADER.toLowerCase(),
  topic: CONTROL_HEADER_NAMES.topic.toLowerCase(),
};
const REMOVED_HEADERS = new Set<string>([...Object.values(CONTROL_HEADERS), "bcc"]);

const MAX_HEADER_BYTES = 256 * 1024;
const MAX_HEADER_FIELDS = 1000;

export type ReadSubmission = {
  raw: Buffer;
  /** The From header's one mailbox, as written ("Ada <ada@example.com>"), and its bare address. */
  from: string;
  fromAddress: string;
  to: string[];
  cc: string[];
  replyTo: string[];
  subject: string;
  messageIdHeader: string;
  tags: { name: string; value: string }[];
  idempotencyKey: string | null;
  /** The account's topic the message is about (docs/consent.md), or null: transactional. */
  topicId: string | null;
  /** SHA-256 of what the client sent (control headers aside), before anything was added: a resubmission matches it. */
  fingerprint: string;
};

function parseTags(value: string | undefined): { name: string; value: string }[] {
  if (!value) return [];
  return value.split(",").map((entry) => {
    const [name, tagValue] = entry.split("=").map((part) => part.trim());
    const parsed = tagSchema.safeParse({ name, value: tagValue });
    if (!parsed.success)
      throw new SmtpReply("invalidMessage", `${CONTROL_HEADER_NAMES.tags} entries are name=value (letters, digits, _ or -)`);
    return parsed.data;
  });
}

/** The idempotency key of either header (ours, or Resend's for clients set up for it); two different ones are refused. */
function idempotencyKeyOf(control: Map<string, string>): string | null {
  const ours = control.get(CONTROL_HEADERS.idempotencyKey);
  const resends = control.get(CONTROL_HEADERS.resendIdempotencyKey);
  if (ours !== undefined && resends !== undefined && ours !== resends)
    throw new SmtpReply("invalidMessage", `${CONTROL_HEADER_NAMES.idempotencyKey} and ${RESEND_IDEMPOTENCY_HEADER} name different keys`);
  const key = ours ?? resends ?? null;
  if (key !== null && !/^[\x21-\x7e]{1,255}$/.test(key)) {
    const name = ours !== undefined ? CONTROL_HEADER_NAMES.idempotencyKey : RESEND_IDEMPOTENCY_HEADER;
    throw new SmtpReply("invalidMessage", `${name} is 1-255 visible ASCII characters`);
  }
  return key;
}

/** The control header's topic id; a topic's mail gets its List-Unsubscribe from the service, so the sender's own is refused. */
function topicOf(value: string | undefined, kept: HeaderField[]): string | null {
  if (value === undefined) return null;
  const parsed = topicIdField.safeParse(value);
  if (!parsed.success) throw new SmtpReply("invalidMessage", `${CONTROL_HEADER_NAMES.topic} is a topic id (top_…)`);
  const own = kept.find((field) => field.name === "list-unsubscribe" || field.name === "list-unsubscribe-post");
  if (own)
    throw new SmtpReply(
      "invalidMessage",
      `a message with ${CONTROL_HEADER_NAMES.topic} gets its List-Unsubscribe from the service; leave it out`,
    );
  return parsed.data;
}

const mailboxesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((object) => object.value);

const display = (entry: { name: string; address?: string }) =>
  entry.name ? `${JSON.stringify(entry.name)} <${entry.address}>` : (entry.address ?? "");

/**
 * A message handed to us to send, split into its header fields and body, or
 * refused with 554 5.6.0 when it cannot be read as one: NUL bytes, a header
 * block over 256 KiB or 1,000 fields, a header line that is no field. Every
 * listener that takes built mail (submission, rules mail) reads it here.
 */
export function readHeaderBlock(submitted: Buffer): { fields: HeaderField[]; body: string } {
  if (submitted.includes(0)) throw new SmtpReply("invalidMessage", "NUL bytes are not allowed in a message");
  // A bare CR or LF would leave as one too, and a receiver that ends lines on it would read the rest as SMTP commands.
  const text = withCrlf(submitted.toString("latin1"));
  const { header: headerBlock, bodyStart } = splitHeaderBlock(text);
  if (headerBlock.length > MAX_HEADER_BYTES)
    throw new SmtpReply("invalidMessage", `the header block is over ${MAX_HEADER_BYTES / 1024} KiB`);
  const fields = headerFields(headerBlock);
  if (fields.length > MAX_HEADER_FIELDS) throw new SmtpReply("invalidMessage", `more than ${MAX_HEADER_FIELDS} header fields`);
  if (fields.some((field) => !field.name)) throw new SmtpReply("invalidMessage", "a header line has no field name");
  return { fields, body: bodyStart === null ? "" : text.slice(bodyStart) };
}

export async function readSubmittedMessage(submitted: Buffer, domainForIds: string): Promise<ReadSubmission> {
  const { fields, body } = readHeaderBlock(submitted);

  const control = new Map(fields.filter((field) => REMOVED_HEADERS.has(field.name)).map((field) => [field.name, headerFieldValue(field)]));
  const service = fields.find((field) => !REMOVED_HEADERS.has(field.name) && reservedHeaderKind(field.name) === "service");
  if (service)
    throw new SmtpReply("invalidMessage", `${service.lines[0]!.split(":")[0]!.trim()} is written by the service, not by the sender`);
  const kept = fields.filter((field) => !REMOVED_HEADERS.has(field.name) && reservedHeaderKind(field.name) !== "trace");
  const added: string[] = [];
  if (!kept.some((field) => field.name === "message-id")) added.push(`Message-ID: <${randomBytes(16).toString("hex")}@${domainForIds}>`);
  if (!kept.some((field) => field.name === "date")) added.push(`Date: ${new Date().toUTCString().replace("GMT", "+0000")}`);
  const keptHeader = kept.flatMap((field) => field.lines).join("\r\n");
  const header = [...added, keptHeader].join("\r\n");

  const parsed = await simpleParser(Buffer.from(`${header}\r\n\r\n`, "latin1"), {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
  });
  const reading = readFromHeader(Buffer.from(header, "latin1"));
  if (!reading.mailbox) throw new SmtpReply("invalidMessage", reading.problem);
  // The sender rules of the sending API's `from`: a plain address, and a display name that cannot pass for one.
  const from = checkMailbox(reading.mailbox);
  if (!from) throw new SmtpReply("invalidMessage", "From must be one plain address, with a display name that is not an address");
  const idempotencyKey = idempotencyKeyOf(control);
  const topicId = topicOf(control.get(CONTROL_HEADERS.topic), kept);
  return {
    raw: Buffer.from(`${header}\r\n\r\n${body}`, "latin1"),
    from: formatMailbox(from),
    fromAddress: from.address.toLowerCase(),
    to: mailboxesOf(parsed.to).map(display),
    cc: mailboxesOf(parsed.cc).map(display),
    replyTo: mailboxesOf(parsed.replyTo).map(display),
    subject: parsed.subject ?? "",
    messageIdHeader: parsed.messageId ?? "",
    tags: parseTags(control.get(CONTROL_HEADERS.tags)),
    idempotencyKey,
    topicId,
    fingerprint: createHash("sha256").update(`${keptHeader}\r\n\r\n${body}`, "latin1").digest("hex"),
  };
}
