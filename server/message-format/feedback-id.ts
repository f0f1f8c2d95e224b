// Feedback-ID (Gmail's feedback loop): mailbox providers report complaints per
// value, so every message says which stream it belongs to, from which of the
// account's domains, which account, and that it went through this service. A customer's own
// Feedback-ID is kept as they wrote it.
import { headerFields, splitHeaderBlock } from "./header-block";

/** The sender-id field, the last of the four: the same for every message this service sends. */
const SENDER_ID = "ces";

/** `stream` is a topic's id or `tx` for transactional mail (no topic); `domain` the sending domain's id. */
export function feedbackIdOf(stream: string, domain: string, accountId: string): string {
  return [stream, domain, accountId, SENDER_ID].map((part) => part.replaceAll(":", "-")).join(":");
}

/** The message with a Feedback-ID field first, unless it already has one. */
export function withFeedbackId(raw: Buffer, feedbackId: string): Buffer {
  const { header } = splitHeaderBlock(raw.subarray(0, 64 * 1024).toString("latin1"));
  if (headerFields(header).some((field) => field.name === "feedback-id")) return raw;
  return Buffer.concat([Buffer.from(`Feedback-ID: ${feedbackId}\r\n`, "latin1"), raw]);
}
