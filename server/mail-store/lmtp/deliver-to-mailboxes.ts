// Delivers one message into hosted mailboxes over LMTP (docs/mailboxes.md,
// "Dovecot"). LMTP answers per recipient after DATA, so each recipient gets
// its own outcome, already in the reply the MX gives for it: storage
// unreachable (or off) → 451 4.3.0, so senders retry and nothing is lost; a
// full mailbox → 452 4.2.2; a mailbox Dovecot does not know → 550 5.1.1.
import SMTPConnection from "nodemailer/lib/smtp-connection";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { type SmtpReplyName, smtpReplies } from "@/server/mail/reply-codes";

export type MailboxDeliveryOutcome =
  | { recipient: string; delivered: true }
  | { recipient: string; delivered: false; reply: { name: SmtpReplyName; code: number; text: string } };

export type DeliveryOptions = {
  /** The envelope sender (MAIL FROM); empty for bounces. Dovecot records it as Return-Path. */
  from?: string;
  /** Defaults to the configured storage (LMTP_URL, or the child Dovecot's loopback listener). */
  lmtpUrl?: string | null;
  timeoutMs?: number;
};

type SmtpError = Error & { code?: string; responseCode?: number; response?: string; recipient?: string; rejectedErrors?: SmtpError[] };

const failed = (recipient: string, name: SmtpReplyName): MailboxDeliveryOutcome => ({
  recipient,
  delivered: false,
  reply: { name, ...smtpReplies[name] },
});

/** Dovecot's reply for one recipient, as the reply we give the sender. */
function replyNameOf(error: SmtpError): SmtpReplyName {
  const code = error.responseCode ?? 0;
  const response = error.response ?? "";
  if (/\b[45]\.2\.2\b/.test(response) || /quota/i.test(response)) return "mailboxFull";
  if (code === 550 && /\b5\.1\.1\b/.test(response)) return "unknownMailbox";
  if (code >= 500) return "mailboxRefused";
  return "temporaryFailure";
}

function send(connection: SMTPConnection, from: string, recipients: string[], raw: Buffer) {
  return new Promise<{ rejectedErrors: SmtpError[] }>((resolve, reject) => {
    connection.send({ from, to: recipients }, raw, (error, info) => {
      if (error) {
        const rejected = (error as SmtpError).rejectedErrors;
        // Every recipient refused at RCPT: their replies are the outcome, not a failure of the connection.
        return rejected?.length === recipients.length ? resolve({ rejectedErrors: rejected }) : reject(error);
      }
      // LMTP's per-recipient replies after DATA go to the connection's envelope; nodemailer copies that list
      // into `info` only when some recipient was already refused at RCPT, so it is read where it is kept.
      const envelope = (connection as unknown as { _envelope?: { rejectedErrors?: SmtpError[] } })._envelope;
      resolve({ rejectedErrors: envelope?.rejectedErrors ?? (info as { rejectedErrors?: SmtpError[] }).rejectedErrors ?? [] });
    });
  });
}

export async function deliverToMailboxes(
  raw: Buffer,
  recipients: string[],
  options: DeliveryOptions = {},
): Promise<MailboxDeliveryOutcome[]> {
  const lmtpUrl = options.lmtpUrl === undefined ? env().mailStore.lmtpUrl : options.lmtpUrl;
  if (recipients.length === 0) return [];
  if (!lmtpUrl) return recipients.map((recipient) => failed(recipient, "temporaryFailure"));
  const url = new URL(lmtpUrl);
  const timeout = options.timeoutMs ?? 60_000;
  const connection = new SMTPConnection({
    host: url.hostname,
    port: Number(url.port || 24),
    lmtp: true,
    name: env().mail.hostname,
    // LMTP to the mail store runs on loopback or a private network.
    ignoreTLS: true,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: timeout,
  });
  // Connection failures arrive as events, not through the callbacks: either ends the exchange.
  const broken = new Promise<never>((_, reject) => {
    connection.once("error", reject);
    connection.once("end", () => reject(new Error("the LMTP connection closed")));
  });
  broken.catch(() => {});
  try {
    await Promise.race([new Promise<void>((resolve) => connection.connect(() => resolve())), broken]);
    const { rejectedErrors } = await Promise.race([send(connection, options.from ?? "", recipients, raw), broken]);
    connection.quit();
    const refused = new Map(rejectedErrors.map((error) => [error.recipient, error]));
    return recipients.map((recipient) => {
      const error = refused.get(recipient);
      return error ? failed(recipient, replyNameOf(error)) : { recipient, delivered: true as const };
    });
  } catch (error) {
    connection.close();
    logger().warn({ err: error, lmtp: `${url.hostname}:${url.port}` }, "mail storage unreachable; mailbox delivery deferred");
    return recipients.map((recipient) => failed(recipient, "temporaryFailure"));
  }
}
