// The entry point for mail that arrives already built (SMTP submission): the
// raw message is stored as the client sent it, with its envelope (Bcc lives
// only there), and goes through the same pipeline as the REST API: the
// sender's domain check, quota, DKIM at delivery, relay, events. The caller
// removes the service's own control headers before handing it over and
// parses the summary fields lists show; an idempotency key it read from them
// replays the first message for the same bytes.
import { createHash } from "node:crypto";
import { AppError } from "@/server/errors";
import { newId } from "@/server/ids";
import { now } from "@/server/clock";
import type { StoredAttachment } from "@/server/db/schema";
import type { SendingPrincipal } from "@/server/services/auth/sending-principal";
import { formatMegabytes, MAX_MESSAGE_BYTES } from "@/shared/schemas/message-size";
import { addressOf } from "@/shared/schemas/messages";
import { messageDetailView } from "./message-view";
import { loadMessageDetails } from "./read-messages";
import { type CheckedDomain, sendingDomainOf } from "./sending-domain-of";
import { storeMessages } from "./store-messages";
import { assertLiveTopics } from "@/server/services/topics/assert-live-topics";

export type SubmittedMessage = {
  envelope: { from: string; to: string[] };
  /** RFC 5322 bytes as submitted (CRLF line ends). */
  raw: Buffer;
  /** Parsed from the headers, for lists and the detail view. */
  summary: {
    /** The From header (its domain must be a verified domain the credential may use). */
    from: string;
    to: string[];
    cc: string[];
    /** Envelope recipients not in To or Cc. */
    bcc: string[];
    replyTo: string[];
    subject: string;
    /** The Message-ID header of the message, "<...>". */
    messageIdHeader: string;
    html?: string | null;
    text?: string | null;
    attachments?: StoredAttachment[];
  };
  tags?: { name: string; value: string }[];
  /** From the submission's control header: the account's topic the message is about (docs/consent.md). */
  topicId?: string | null;
  /** From the submission's control header: the same bytes with the same key replay the first message. */
  idempotencyKey?: string | null;
  /** What a resubmission under the same key must match (default: the SHA-256 of `raw`). */
  requestHash?: string;
  /** SMTP submission, or a mailbox's rules (a forward, or a reply the rule wrote: not counted against the quota). */
  source: "smtp" | "mailbox_forward" | "mailbox_reply";
  /**
   * The sending domain the caller already checked for this credential in this
   * message's exchange (SMTP's MAIL FROM); used when the From header is on it,
   * which saves looking it up again.
   */
  checkedDomain?: CheckedDomain | null;
};

/** Stores and queues a built message; answers it as GET /sending/messages/{id} would. */
export async function acceptSubmittedMessage(principal: SendingPrincipal, message: SubmittedMessage) {
  if (message.raw.length > MAX_MESSAGE_BYTES)
    throw new AppError("payload_too_large", `The message is larger than ${formatMegabytes(MAX_MESSAGE_BYTES)}.`);
  if (message.envelope.to.length === 0) throw new AppError("validation_error", "The message has no recipients.");
  const fromDomain = addressOf(message.summary.from)?.split("@").pop()?.toLowerCase();
  const domain =
    message.checkedDomain && fromDomain && message.checkedDomain.name.toLowerCase() === fromDomain
      ? message.checkedDomain
      : await sendingDomainOf(principal.accountId, message.summary.from, principal.apiKey, message.envelope.to);
  await assertLiveTopics(principal.accountId, [message.topicId]);
  const id = newId("msg");
  const attachments = message.summary.attachments ?? [];
  const prepared = {
    id,
    messageIdHeader: message.summary.messageIdHeader,
    createdAt: now(),
    domain: { id: domain.id, name: domain.name },
    source: message.source,
    from: message.summary.from,
    to: message.summary.to,
    cc: message.summary.cc,
    bcc: message.summary.bcc,
    replyTo: message.summary.replyTo,
    subject: message.summary.subject,
    headers: {},
    tags: message.tags ?? [],
    trackOpens: false,
    trackClicks: false,
    scheduledAt: null,
    topicId: message.topicId ?? null,
    template: null,
    html: message.summary.html ?? null,
    text: message.summary.text ?? null,
    attachments,
    raw: message.raw,
    envelope: message.envelope,
  };
  const requestHash = message.requestHash ?? createHash("sha256").update(message.raw).digest("hex");
  const result = await storeMessages(
    principal,
    [prepared],
    message.idempotencyKey ? { key: message.idempotencyKey, requestHash, kind: "single" } : null,
    domain.plan,
  );
  if (!result.stored) {
    if (result.existing.requestHash !== requestHash || result.existing.kind !== "single") {
      throw new AppError("idempotency_conflict", "This idempotency key was used for a different message in the last 24 hours.");
    }
    return (await loadMessageDetails(result.existing.messageIds))[0]!;
  }
  return messageDetailView(result.rows[0]!, prepared, result.events.get(id)!);
}
