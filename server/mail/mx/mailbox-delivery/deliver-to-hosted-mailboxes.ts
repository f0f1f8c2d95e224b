// Mail for hosted mailboxes, aliases and catch-alls after DATA
// (docs/mailboxes.md, "Receiving mail"): refused with 550 5.7.1 when it fails
// the DMARC check of a sender domain whose policy is `reject`, deferred with
// 451 4.7.0 when the checks did not finish and the From domain publishes a
// policy that would be enforced; then the spam filter decides per mailbox
// (filter-spam.ts: refused, deferred, Junk, tagged); else our Received,
// Authentication-Results and X-Spam lines go on top and the message goes
// over LMTP to every mailbox its recipients name, each mailbox once. One
// reply answers the whole transaction: any temporary failure (storage down
// 451 4.3.0, a full mailbox 452 4.2.2) makes the sender retry, and the
// mailboxes that already received it are skipped on the retry
// (server/services/mailboxes/mailbox-delivery-log.ts).
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { type DeliveryOptions, deliverToMailboxes, type MailboxDeliveryOutcome } from "@/server/mail-store/lmtp/deliver-to-mailboxes";
import { SmtpReply, smtpReplies } from "@/server/mail/reply-codes";
import type { InboundMessage, MailboxDestination } from "../inbound-message";
import { recordMailboxReceived } from "@/server/services/events/record-mailbox-received";
import { filterSpam } from "./filter-spam";
import { type MailboxSpamOutcome, spamHeaders } from "./spam-headers";
import { alreadyDelivered, forgetDelivered, messageDigest, rememberDelivered } from "@/server/services/mailboxes/mailbox-delivery-log";
import { prependTraceHeaders } from "@/server/services/messages/trace-headers";
import { authenticationResultsHeader, receivedHeader } from "./trace-headers";

type Failed = Extract<MailboxDeliveryOutcome, { delivered: false }>;

/** The reply for the whole transaction when some mailbox did not take the message; null when the message counts as received. */
function replyFor(failed: Failed[], deliveredCount: number): SmtpReply | null {
  const temporary = failed.filter((outcome) => smtpReplies[outcome.refusal].code < 500);
  if (temporary.length > 0) {
    const allFull = temporary.every((outcome) => outcome.refusal === "mailboxFull");
    return new SmtpReply(allFull ? "mailboxFull" : "temporaryFailure");
  }
  // Refused for good (a mailbox deleted since RCPT): only when no mailbox got it, else the others keep their copy.
  if (failed.length > 0 && deliveredCount === 0) return new SmtpReply(failed[0]!.refusal);
  return null;
}

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

export async function deliverToHostedMailboxes(
  message: InboundMessage,
  destinations: MailboxDestination[],
  options: Pick<DeliveryOptions, "lmtpUrl"> = {},
): Promise<void> {
  const log = logger().child({ listener: "mx", session: message.sessionId });
  const hostname = env().mail.hostname;
  const authentication = await message.authentication();
  if (authentication.dmarc === "fail" && authentication.dmarcPolicy === "reject") {
    log.info(
      { mailFrom: message.mailFrom.slice(0, 200), authentication: { ...authentication, headers: undefined } },
      "mx message refused by DMARC",
    );
    throw new SmtpReply("dmarcRejected");
  }
  // Checks that did not finish prove nothing: unless the From domain asks for no enforcement, the sender retries later.
  if (!authentication.complete && authentication.senderPolicy !== "absent" && authentication.senderPolicy !== "none") {
    log.info(
      { mailFrom: message.mailFrom.slice(0, 200), senderPolicy: authentication.senderPolicy, reason: authentication.headers },
      "mx message deferred: sender authentication did not finish",
    );
    throw new SmtpReply("authenticationUnfinished");
  }

  const mailboxes = [...new Set(destinations.flatMap((destination) => destination.mailboxes))];
  const digest = messageDigest(message.raw);
  const skipped = await alreadyDelivered(digest, mailboxes);
  const spam = await filterSpam(
    message,
    mailboxes.filter((mailbox) => !skipped.has(mailbox)),
  ).catch((reply: unknown) => {
    if (reply instanceof SmtpReply)
      log.info({ mailFrom: message.mailFrom.slice(0, 200), reply: reply.message }, "mx message refused by the spam filter");
    throw reply;
  });
  const raw = prependTraceHeaders(
    message.raw,
    [
      authenticationResultsHeader(authentication, hostname),
      receivedHeader({ helo: message.helo, remoteAddress: message.remoteAddress, sessionId: message.sessionId, hostname }),
    ],
    hostname,
  );
  const outcomes = await deliverBySpamOutcome(raw, spam.deliver, { from: message.mailFrom, ...options });
  const delivered = outcomes.filter((outcome) => outcome.delivered).map((outcome) => outcome.recipient);
  const failed = outcomes.filter((outcome): outcome is Failed => !outcome.delivered);
  const reply = replyFor(failed, delivered.length + skipped.size);
  const summary = {
    spam: spam.verdict ? { action: spam.verdict.action, score: spam.verdict.score } : undefined,
    blocked: spam.blocked.length > 0 ? spam.blocked : undefined,
    rejectedAsSpam: spam.rejected.length > 0 ? spam.rejected : undefined,
    delivered,
    skipped: [...skipped],
    failed: failed.map((outcome) => `${outcome.recipient}: ${smtpReplies[outcome.refusal].code}`),
  };
  if (reply && reply.responseCode < 500) {
    await rememberDelivered(digest, delivered);
    log.info(summary, "mx mailbox delivery deferred; the sender retries");
    throw reply;
  }
  if (reply) {
    log.info(summary, "mx mailbox delivery refused");
    throw reply;
  }
  await recordMailboxReceived(delivered, message);
  if (skipped.size > 0) await forgetDelivered(digest);
  if (failed.length > 0) log.warn(summary, "mx mailbox delivery refused for some mailboxes; the others received it");
  else log.info(summary, "mx mailbox delivery");
}
