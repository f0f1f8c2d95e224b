// Delivers one message into hosted mailboxes over LMTP (docs/mailboxes.md,
// "Dovecot"). Each recipient gets its own outcome: storage unreachable (or
// off) is a temporary failure, so senders retry and nothing is lost; then a
// full mailbox, a mailbox Dovecot does not know, or one that refused the
// message. The MX turns these into its replies (server/mail/reply-codes.ts);
// this adapter knows nothing of the front doors.
import SMTPConnection from "nodemailer/lib/smtp-connection";
import { env } from "@/server/config/env";
import { logger } from "@/server/logger";
import { connectWithoutDelay } from "@/server/outbound/smtp-client-socket";

/** Why a mailbox did not take the message; each is the name of the MX's reply for it. */
export type MailboxRefusal = "mailboxFull" | "unknownMailbox" | "mailboxRefused" | "temporaryFailure";

export type MailboxDeliveryOutcome =
  | { recipient: string; delivered: true }
  | { recipient: string; delivered: false; refusal: MailboxRefusal };

export type DeliveryOptions = {
  /** The envelope sender (MAIL FROM); empty for bounces. Dovecot records it as Return-Path. */
  from?: string;
  /** Defaults to the configured storage (LMTP_URL, or the child Dovecot's loopback listener). */
  lmtpUrl?: string | null;
  timeoutMs?: number;
};

type SmtpError = Error & { code?: string; responseCode?: number; response?: string; recipient?: string; rejectedErrors?: SmtpError[] };

const failed = (recipient: string, refusal: MailboxRefusal): MailboxDeliveryOutcome => ({ recipient, delivered: false, refusal });

/** What Dovecot's reply for one recipient means. */
function refusalOf(error: SmtpError): MailboxRefusal {
  const code = error.responseCode ?? 0;
  const response = error.response ?? "";
  if (/\b[45]\.2\.2\b/.test(response) || /quota/i.test(response)) return "mailboxFull";
  if (code === 550 && /\b5\.1\.1\b/.test(response)) return "unknownMailbox";
  if (code >= 500) return "mailboxRefused";
  return "temporaryFailure";
}

/**
 * One transaction for one recipient: its refusal, or null when it was delivered.
 * LMTP answers per recipient after DATA; with one recipient per transaction that
 * answer is the transaction's own (nodemailer's `info.rejected` and
 * `info.response`), so no per-recipient list has to be read from inside the client.
 */
function sendTo(connection: SMTPConnection, from: string, recipient: string, raw: Buffer) {
  return new Promise<SmtpError | null>((resolve, reject) => {
    connection.send({ from, to: [recipient] }, raw, (error, info) => {
      // Refused at RCPT: the reply is the outcome, not a failure of the connection; RSET ends the
      // transaction so the next recipient's can start.
      const refused = (error as SmtpError | null)?.rejectedErrors?.[0];
      if (refused) return connection.reset((resetError) => (resetError ? reject(resetError) : resolve(refused)));
      if (error) return reject(error);
      if (info.rejected.length === 0) return resolve(null);
      const response = info.response;
      resolve(Object.assign(new Error(response), { recipient, response, responseCode: Number.parseInt(response, 10) }));
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
  let connection: SMTPConnection | undefined;
  try {
    const socket = await connectWithoutDelay({ host: url.hostname, port: Number(url.port || 24) }, 5_000);
    const session = new SMTPConnection({
      connection: socket,
      lmtp: true,
      name: env().mail.hostname,
      // LMTP to the mail store runs on loopback or a private network.
      ignoreTLS: true,
      greetingTimeout: 5_000,
      socketTimeout: timeout,
    });
    connection = session;
    // Connection failures arrive as events, not through the callbacks: either ends the exchange.
    const broken = new Promise<never>((_, reject) => {
      session.once("error", reject);
      session.once("end", () => reject(new Error("the LMTP connection closed")));
    });
    broken.catch(() => {});
    await Promise.race([new Promise<void>((resolve) => session.connect(() => resolve())), broken]);
    const outcomes: MailboxDeliveryOutcome[] = [];
    for (const recipient of recipients) {
      const error = await Promise.race([sendTo(session, options.from ?? "", recipient, raw), broken]);
      outcomes.push(error ? failed(recipient, refusalOf(error)) : { recipient, delivered: true });
    }
    session.quit();
    return outcomes;
  } catch (error) {
    connection?.close();
    logger().warn({ err: error, lmtp: `${url.hostname}:${url.port}` }, "mail storage unreachable; mailbox delivery deferred");
    return recipients.map((recipient) => failed(recipient, "temporaryFailure"));
  }
}
