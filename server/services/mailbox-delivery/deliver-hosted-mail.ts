// The one way into hosted mailboxes (docs/mailboxes.md, "Receiving mail";
// docs/delivery.md, "Hosted mailboxes"): mail from the Internet through our
// MX, and our own customers' messages on the hosted route of delivery, take
// the same steps. The mailboxes that already took this message on an earlier
// try are skipped (delivery-log.ts); the block lists, and for mail from the
// Internet the spam filter, screen the rest (filter-spam.ts); the caller's
// trace lines (Received, Authentication-Results) go on top, replacing any the
// sender wrote that claim our host name; the copy goes over LMTP to each
// mailbox once, one pass per distinct set of X-Spam lines; and each mailbox
// that took it gets its `mailbox.received` event.
//
// Who retries decides the bookkeeping. The MX's sender retries the whole
// transaction after a temporary failure: the mailboxes that took the message
// are noted only then, and the events are written once the transaction is
// taken. Delivery's own job retries the hosted route: the mailboxes that took
// the copy are noted at once (a crash from there on retries the job, and the
// retry must not deliver twice), their events written at once, and the job
// clears its notes when it is done.
import { env } from "@/server/config/env";
import { type DeliveryOptions, deliverToMailboxes, type MailboxDeliveryOutcome } from "@/server/mail-store/lmtp/deliver-to-mailboxes";
import { recordMailboxReceived } from "@/server/services/events/record-mailbox-received";
import { prependTraceHeaders } from "@/server/message-format/trace-headers";
import { alreadyDelivered, forgetDelivered, rememberDelivered } from "./delivery-log";
import { filterSpam, type Screening, type SpamFiltering } from "./filter-spam";
import { mailboxReplies } from "./mailbox-replies";
import { type MailboxSpamOutcome, spamHeaders } from "./spam-headers";

export type FailedMailbox = Extract<MailboxDeliveryOutcome, { delivered: false }>;

export type HostedMail = {
  /** The message as it came (the MX) or as delivery signed it (the hosted route), CRLF line ends. */
  raw: Buffer;
  /** The envelope sender: Dovecot records it as Return-Path. */
  mailFrom: string;
  /** The mailbox addresses to deliver into, each once. */
  mailboxes: string[];
  screening: Screening;
  /** Our Received and Authentication-Results lines for the copy, in the order they go on top. */
  traceHeaders: string[];
  /** The delivery log's key for this message (delivery-log.ts). */
  logKey: string;
  /** Who retries after a temporary failure: the sending server (the MX), or delivery's own job (the hosted route). */
  retriedBy: "sender" | "job";
  lmtpUrl?: DeliveryOptions["lmtpUrl"];
};

export type HostedMailOutcome = {
  /** The mailboxes that took the message now. */
  delivered: string[];
  /** The mailboxes that took it on an earlier try. */
  skipped: Set<string>;
  /** The mailboxes the mail store did not take it into, and why. */
  failed: FailedMailbox[];
  /** The screening: which mailboxes' lists block the sender, and the spam filter's verdict. */
  spam: SpamFiltering;
};

/** One LMTP pass per distinct set of X-Spam lines: each mailbox's copy carries its own (Junk or not). */
async function deliverBySpamOutcome(
  raw: Buffer,
  outcomes: Map<string, MailboxSpamOutcome | null>,
  options: DeliveryOptions,
): Promise<MailboxDeliveryOutcome[]> {
  const groups = new Map<string, string[]>();
  for (const [mailbox, outcome] of outcomes) {
    const lines = outcome
      ? spamHeaders(outcome)
          .map((line) => `${line}\r\n`)
          .join("")
      : "";
    groups.set(lines, [...(groups.get(lines) ?? []), mailbox]);
  }
  const results: MailboxDeliveryOutcome[] = [];
  for (const [lines, mailboxes] of groups) {
    results.push(...(await deliverToMailboxes(Buffer.concat([Buffer.from(lines, "latin1"), raw]), mailboxes, options)));
  }
  return results;
}

/**
 * Delivers the message into its mailboxes. Throws MailboxDeliveryRefused when
 * the screening refuses it for every mailbox (mail from the Internet only).
 */
export async function deliverHostedMail(mail: HostedMail): Promise<HostedMailOutcome> {
  const skipped = await alreadyDelivered(mail.logKey, mail.mailboxes);
  const spam = await filterSpam(
    mail.screening,
    mail.mailboxes.filter((mailbox) => !skipped.has(mailbox)),
  );
  const raw = prependTraceHeaders(mail.raw, mail.traceHeaders, env().mail.hostname);
  const outcomes = await deliverBySpamOutcome(raw, spam.deliver, { from: mail.mailFrom, lmtpUrl: mail.lmtpUrl });
  const delivered = outcomes.filter((outcome) => outcome.delivered).map((outcome) => outcome.recipient);
  const failed = outcomes.filter((outcome): outcome is FailedMailbox => !outcome.delivered);
  const event = { mailFrom: mail.mailFrom, raw: mail.raw };
  if (mail.retriedBy === "job") {
    await rememberDelivered(mail.logKey, delivered);
    await recordMailboxReceived(delivered, event);
  } else if (failed.some((outcome) => mailboxReplies[outcome.refusal].code < 500)) {
    await rememberDelivered(mail.logKey, delivered);
  } else {
    await recordMailboxReceived(delivered, event);
    if (skipped.size > 0) await forgetDelivered(mail.logKey);
  }
  return { delivered, skipped, failed, spam };
}
