// Mail for hosted mailboxes, aliases and catch-alls after DATA
// (docs/mailboxes.md, "Receiving mail"): refused with 550 5.7.1 when it fails
// the DMARC check of a sender domain whose policy is `reject`, deferred with
// 451 4.7.0 when the checks did not finish and the From domain publishes a
// policy that would be enforced; then the spam filter decides per mailbox
// (server/services/mailbox-delivery/filter-spam.ts: refused, deferred, Junk,
// tagged); else our Received,
// Authentication-Results and X-Spam lines go on top and the message goes
// over LMTP to every mailbox its recipients name, each mailbox once: the
// hosted-delivery service does those steps (server/services/mailbox-delivery/),
// for the hosted route of our own delivery too. One reply answers the whole
// transaction: any temporary failure (storage down 451 4.3.0, a full mailbox
// 452 4.2.2) makes the sender retry, and the mailboxes that already received
// it are skipped on the retry.
import { env } from "@/server/config/env";
import { logger } from "@/server/logger";
import { SmtpReply, smtpReplies } from "@/server/mail/reply-codes";
import { deliverHostedMail, type FailedMailbox, type HostedMail } from "@/server/services/mailbox-delivery/deliver-hosted-mail";
import { messageDigest } from "@/server/services/mailbox-delivery/delivery-log";
import type { InboundMail } from "@/server/services/mailbox-delivery/filter-spam";
import { MailboxDeliveryRefused } from "@/server/services/mailbox-delivery/mailbox-replies";
import type { InboundMessage, MailboxDestination } from "../inbound-message";
import { authenticationResultsHeader, receivedHeader } from "./trace-headers";

/** The reply for the whole transaction when some mailbox did not take the message; null when the message counts as received. */
function replyFor(failed: FailedMailbox[], deliveredCount: number): SmtpReply | null {
  const temporary = failed.filter((outcome) => smtpReplies[outcome.refusal].code < 500);
  if (temporary.length > 0) {
    const allFull = temporary.every((outcome) => outcome.refusal === "mailboxFull");
    return new SmtpReply(allFull ? "mailboxFull" : "temporaryFailure");
  }
  // Refused for good (a mailbox deleted since RCPT): only when no mailbox got it, else the others keep their copy.
  if (failed.length > 0 && deliveredCount === 0) return new SmtpReply(failed[0]!.refusal);
  return null;
}

/** What the spam filter is told of the message and its session. */
const inboundMail = (message: InboundMessage): InboundMail => ({
  raw: message.raw,
  mailFrom: message.mailFrom,
  remoteAddress: message.remoteAddress,
  helo: message.helo,
  sessionId: message.sessionId,
  authentication: async () => {
    const authentication = await message.authentication();
    return {
      spf: authentication.spf,
      dkim: authentication.dkimSignatures,
      dmarc: authentication.dmarc,
      dmarcPolicy: authentication.dmarcPolicy,
    };
  },
});

export async function deliverToHostedMailboxes(
  message: InboundMessage,
  destinations: MailboxDestination[],
  options: Pick<HostedMail, "lmtpUrl"> = {},
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

  const { delivered, skipped, failed, spam } = await deliverHostedMail({
    raw: message.raw,
    mailFrom: message.mailFrom,
    mailboxes: [...new Set(destinations.flatMap((destination) => destination.mailboxes))],
    screening: { kind: "inbound", message: inboundMail(message) },
    traceHeaders: [
      authenticationResultsHeader(authentication, hostname),
      receivedHeader({ helo: message.helo, remoteAddress: message.remoteAddress, sessionId: message.sessionId, hostname }),
    ],
    logKey: messageDigest(message.raw),
    retriedBy: "sender",
    lmtpUrl: options.lmtpUrl,
  }).catch((refused: unknown) => {
    if (!(refused instanceof MailboxDeliveryRefused)) throw refused;
    const reply = new SmtpReply(refused.reply, refused.detail);
    log.info({ mailFrom: message.mailFrom.slice(0, 200), reply: reply.message }, "mx message refused by the spam filter");
    throw reply;
  });
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
    log.info(summary, "mx mailbox delivery deferred; the sender retries");
    throw reply;
  }
  if (reply) {
    log.info(summary, "mx mailbox delivery refused");
    throw reply;
  }
  if (failed.length > 0) log.warn(summary, "mx mailbox delivery refused for some mailboxes; the others received it");
  else log.info(summary, "mx mailbox delivery");
}
