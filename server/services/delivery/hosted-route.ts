// The first route of a customer's message (docs/delivery.md, "Routes"): a
// recipient that is a hosted mailbox, alias or catch-all of this service gets
// the message straight over LMTP into our mail store, never out through DNS
// and back to our own MX. Its outcome is final at once (`delivered`, the
// store as the receiving server), or a refusal read like any next hop's:
// storage down or a full mailbox is temporary (the job retries), a mailbox
// that refused it for good bounces. A mailbox whose block list names the
// message's From address (or whose domain's block list does, unless its own
// allow list names it) refuses it as our MX would (550 5.7.1); the
// message is our own customer's, so it is not scored by the spam filter.
// Like the MX, this route writes our own Received and Authentication-Results
// on top and drops any Authentication-Results in the message that claims our
// host name, so a reader trusts only what we found (server/message-format/trace-headers.ts); the
// copy goes in by the same hosted-delivery service as the MX's
// (server/services/mailbox-delivery/), with the same refusal replies.
//
// An alias may fan out to several mailboxes and one of them may defer: the
// ones that took the message are noted in the mailbox delivery log under a key
// made of the message's own id (ours, so no sender can name another message's
// key), so the retry skips them; the job clears the key when it is done.
import { env } from "@/server/config/env";
import type { RecipientRefusal } from "@/server/outbound/message";
import { deliverHostedMail, type FailedMailbox } from "@/server/services/mailbox-delivery/deliver-hosted-mail";
import { forgetDelivered, messageDigest } from "@/server/services/mailbox-delivery/delivery-log";
import { isTemporaryReply, mailboxReplies } from "@/server/services/mailbox-delivery/mailbox-replies";
import { fromHeaderAddress } from "@/server/message-format/from-header-address";

export type HostedDelivery = { recipient: string; remoteMta: string; diagnostic: string };

type Failed = FailedMailbox | { recipient: string; delivered: false; refusal: "senderBlocked" };

const DELIVERED = "250 2.0.0 Ok";

const logKey = (messageId: string) => messageDigest(Buffer.from(`hosted-route:${messageId}`));

/** What a reader sees as the receiving server: our own mail store. */
const hostedRemoteMta = () => `${env().mail.hostname} (mail store, LMTP)`;

/** `Received: by <host> (hosted mailbox delivery) id <message id>; <date>`: the one hop the copy made. */
function receivedLine(messageId: string, hostname: string): string {
  const date = new Date().toUTCString().replace("GMT", "+0000");
  return `Received: by ${hostname} (hosted mailbox delivery) id ${messageId};\r\n\t${date}`;
}

/** Whether the From domain aligns with the signing domain (relaxed: one is the other or a subdomain of it). */
const aligned = (fromDomain: string, signingDomain: string) =>
  fromDomain === signingDomain || fromDomain.endsWith(`.${signingDomain}`) || signingDomain.endsWith(`.${fromDomain}`);

/**
 * What this host can vouch for on its own route: the return path is ours, the
 * DKIM signature is the one delivery just made, and DMARC passes only when
 * the From header's domain is the signing domain (a forwarded copy keeps its
 * original author's From, so it does not).
 */
export function hostedRouteAuthenticationResults(input: {
  hostname: string;
  returnPath: string;
  fromAddress: string | null;
  signingDomain: string | null;
}): string {
  const fromDomain = input.fromAddress?.split("@")[1] ?? null;
  const dkim = input.signingDomain ? `dkim=pass header.d=${input.signingDomain}` : "dkim=none (not signed)";
  const dmarc =
    fromDomain && input.signingDomain && aligned(fromDomain, input.signingDomain)
      ? `dmarc=pass header.from=${fromDomain}`
      : `dmarc=none (the From domain is not the signing domain)${fromDomain ? ` header.from=${fromDomain}` : ""}`;
  return [
    `Authentication-Results: ${input.hostname};`,
    ` spf=pass (this host's own delivery) smtp.mailfrom=${input.returnPath};`,
    ` ${dkim};`,
    ` ${dmarc}`,
  ].join("\r\n");
}

/** The refusal that answers for the recipient: any temporary one first (the job retries), else the first permanent one. */
function refusalOf(recipient: string, failed: Failed[]): RecipientRefusal {
  const reply = mailboxReplies[(failed.find((outcome) => isTemporaryReply(outcome.refusal)) ?? failed[0]!).refusal];
  return { recipient, code: reply.code, response: reply.text };
}

/**
 * Delivers one recipient's copy into the mailboxes its address resolves to
 * (server/services/mailboxes/resolve-recipient.ts), skipping those that took
 * it on an earlier attempt (server/services/mailbox-delivery/).
 */
export async function handOffToHostedMailboxes(input: {
  messageId: string;
  raw: Buffer;
  /** The domain whose DKIM key signed `raw` at delivery, or null when it left unsigned. */
  signingDomain: string | null;
  /** The copy's return path (VERP): Dovecot records it as Return-Path, so replies and vacation notices come back to us. */
  from: string;
  recipient: string;
  mailboxes: string[];
}): Promise<{ delivered: HostedDelivery } | { refused: RecipientRefusal }> {
  const hostname = env().mail.hostname;
  // Read once: the block lists screen by it and Authentication-Results names its domain.
  const fromAddress = fromHeaderAddress(input.raw);
  const authenticationResults = hostedRouteAuthenticationResults({
    hostname,
    returnPath: input.from,
    fromAddress,
    signingDomain: input.signingDomain,
  });
  const { delivered, skipped, failed, spam } = await deliverHostedMail({
    raw: input.raw,
    mailFrom: input.from,
    mailboxes: input.mailboxes,
    screening: { kind: "customer", fromAddress },
    traceHeaders: [receivedLine(input.messageId, hostname), authenticationResults],
    logKey: logKey(input.messageId),
    retriedBy: "job",
  });
  const refused: Failed[] = [
    ...failed,
    ...spam.blocked.map((mailbox): Failed => ({ recipient: mailbox, delivered: false, refusal: "senderBlocked" })),
  ];
  const temporary = refused.some((outcome) => isTemporaryReply(outcome.refusal));
  if (temporary || (refused.length > 0 && delivered.length + skipped.size === 0)) {
    return { refused: refusalOf(input.recipient, refused) };
  }
  return {
    delivered: {
      recipient: input.recipient,
      remoteMta: hostedRemoteMta(),
      diagnostic: DELIVERED,
    },
  };
}

/** The message's job is done: nothing of it is left to skip. */
export const forgetHostedDeliveries = (messageId: string) => forgetDelivered(logKey(messageId));
