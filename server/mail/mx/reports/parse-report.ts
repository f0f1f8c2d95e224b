// What an inbound message to a return-path address reports, read with
// mailparser within fixed bounds (parts, header size): a delivery status
// notification (RFC 3464), a complaint (RFC 5965), a plain-text bounce, or
// nothing we act on. A message mailparser refuses (a multipart bomb, an
// oversized header) is refused at DATA with 554 5.6.0.
import { type AddressObject, simpleParser, type Attachment, type ParsedMail } from "mailparser";
import { SmtpReply } from "@/server/mail/reply-codes";
import { headerBlockToParse } from "@/server/message-format/header-block";
import { MAX_MIME_PARTS, MAX_PART_HEADER_BYTES } from "../mx-limits";
import { type FeedbackReport, parseFeedbackReport } from "./parse-arf";
import { type DsnRecipient, parseDeliveryStatus } from "./parse-dsn";
import { type PlainBounce, parsePlainBounce } from "./parse-plain-bounce";

export type InboundReport =
  | { kind: "delivery-status"; recipients: DsnRecipient[] }
  | { kind: "feedback"; report: FeedbackReport; originalTo: string[] }
  | { kind: "plain-bounce"; bounce: PlainBounce }
  | { kind: "none"; reason: string };

const PARSE_OPTIONS = {
  keepDeliveryStatus: true,
  // Returned originals stay attachments: their parts are not ours to walk.
  ignoreEmbedded: true,
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipTextLinks: true,
  skipImageLinks: true,
  checksumAlgo: false,
  maxChildNodes: MAX_MIME_PARTS,
  maxHeadSize: MAX_PART_HEADER_BYTES,
} as const;

const partOf = (mail: ParsedMail, types: string[]) => mail.attachments.find((part) => types.includes(part.contentType.toLowerCase()));

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((object) => object.value)
    .flatMap((entry) => (entry.address ? [entry.address.toLowerCase()] : []));

const headerText = (mail: ParsedMail, name: string) => {
  const value = mail.headers.get(name);
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(String);
};

/** To and Cc of a returned original (message/rfc822 or text/rfc822-headers): only its header block is read. */
async function originalRecipients(part: Attachment | undefined): Promise<string[]> {
  if (!part) return [];
  const original = await simpleParser(headerBlockToParse(part.content, MAX_PART_HEADER_BYTES), PARSE_OPTIONS).catch(() => null);
  return original ? [...addressesOf(original.to), ...addressesOf(original.cc)] : [];
}

export async function parseInboundReport(raw: Buffer, envelope: { mailFrom: string }): Promise<InboundReport> {
  let mail: ParsedMail;
  try {
    mail = await simpleParser(raw, PARSE_OPTIONS);
  } catch (error) {
    throw new SmtpReply("invalidStructure", (error as Error).message.slice(0, 100));
  }
  // Some reporters wrap the report in another multipart: the parts are what count, not the top-level type.
  const status = partOf(mail, ["message/delivery-status", "message/global-delivery-status"]);
  if (status) return { kind: "delivery-status", recipients: parseDeliveryStatus(status.content.toString("utf8")) };
  const feedback = partOf(mail, ["message/feedback-report"]);
  if (feedback) {
    const original = partOf(mail, ["message/rfc822", "text/rfc822-headers", "message/global", "message/global-headers"]);
    return {
      kind: "feedback",
      report: parseFeedbackReport(feedback.content.toString("utf8")),
      originalTo: await originalRecipients(original),
    };
  }
  const bounce = parsePlainBounce({
    mailFrom: envelope.mailFrom,
    from: addressesOf(mail.from)[0] ?? "",
    subject: mail.subject ?? "",
    failedRecipients: headerText(mail, "x-failed-recipients").flatMap((value) => value.split(",")),
    text: mail.text ?? "",
  });
  if (bounce) return { kind: "plain-bounce", bounce };
  return { kind: "none", reason: "neither a delivery status notification, a feedback report nor a recognisable bounce" };
}
