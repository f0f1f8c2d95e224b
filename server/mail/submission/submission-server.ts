// SMTP submission (docs/smtp.md): one smtp-server per port, STARTTLS or
// implicit TLS. Each stage answers as early as it can: credentials at AUTH,
// the sender at MAIL FROM, the recipient count at RCPT, size and headers at
// DATA; the accepted message then takes the same path as the sending API.
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import type { Env } from "@/server/env";
import { AppError } from "@/server/errors";
import { logger } from "@/server/logger";
import { commonListenerOptions } from "@/server/mail/listener/listener-options";
import { dataBudget, readMessageData } from "@/server/mail/listener/read-message-data";
import { SmtpReply, smtpReplyFor } from "@/server/mail/reply-codes";
import { advertiseAuthAfterTls, limitSessionTime, useOwnReplies } from "@/server/mail/listener/smtp-connections";
import type { TlsCredentials } from "@/server/security/tls-credentials";
import { hitRateLimit } from "@/server/services/rate-limit/consume-rate-limit";
import { countMailLoginAttempt, countMailLoginSuccess } from "@/server/services/rate-limit/count-mail-login";
import { policy } from "@/server/services/rate-limit/policies";
import { sendingDomainOf } from "@/server/services/messages/sending-domain-of";
import { assertTestSenderMayReach, isTestSender } from "@/server/services/messages/test-sender";
import { MAX_RECIPIENTS } from "@/shared/schemas/messages";
import { acceptSubmission } from "./accept-submission";
import { authenticateSubmission, maySendAs, type SubmissionPrincipal } from "./authenticate-submission";
import { connectionCounter } from "@/server/mail/listener/connection-limits";
import { mayAuthenticate } from "./plaintext-auth";
import { readSubmittedMessage } from "./submitted-message";
import { MAX_SUBMISSION_BYTES } from "@/shared/schemas/smtp-submission";

const SESSION_TIME_LIMIT_MS = 15 * 60_000;
/** Wrong logins are answered more slowly as they add up, then refused (policies smtpAuthFailuresPerIp, mailLoginFailuresPerMailbox). */
const FAILED_AUTH_DELAY_STEP_MS = 250;

type Options = { config: Env; tls: TlsCredentials; implicitTls: boolean };

const principalOf = (session: SMTPServerSession) => session.user as SubmissionPrincipal;

export function createSubmissionServer({ config, tls, implicitTls }: Options): SMTPServer {
  const connections = connectionCounter(config.SMTP_MAX_CLIENTS_PER_IP);
  const startedAt = new Map<string, number>();
  const log = logger().child({ listener: implicitTls ? "submissions" : "submission" });

  const server = new SMTPServer({
    ...commonListenerOptions(config, tls, MAX_SUBMISSION_BYTES),
    secure: implicitTls,
    authMethods: ["PLAIN", "LOGIN"],
    // Production: AUTH before STARTTLS is refused by smtp-server before any credential is sent (and not
    // advertised, see onConnect). Elsewhere onAuth decides, so loopback may skip TLS.
    allowInsecureAuth: !config.isProduction,
    authRequiredMessage: "5.7.0 Authentication required",

    onConnect(session, callback) {
      if (!connections.tryOpen(session.remoteAddress)) return callback(new SmtpReply("tooManyConnections"));
      startedAt.set(session.id, Date.now());
      useOwnReplies(server, session.id, MAX_SUBMISSION_BYTES);
      if (config.isProduction) advertiseAuthAfterTls(server, session.id);
      callback();
    },

    onClose(session) {
      if (startedAt.delete(session.id)) connections.close(session.remoteAddress);
    },

    onAuth(auth, session, callback) {
      if (!mayAuthenticate(session, config.isProduction)) return callback(new SmtpReply("encryptionRequired"));
      const username = auth.username ?? "";
      void (async () => {
        // Counted before the credentials are checked (docs/security.md, "Mail logins"), like IMAP and POP3.
        const attempt = await countMailLoginAttempt(username, session.remoteAddress);
        if (!attempt.allowed) {
          log.info({ session: session.id, remoteAddress: session.remoteAddress }, "smtp login refused unchecked: too many failures");
          throw new SmtpReply("tooManyAuthFailures");
        }
        const principal = await authenticateSubmission(username, auth.password ?? "");
        if (principal) {
          await countMailLoginSuccess(username, session.remoteAddress);
          return callback(null, { user: principal });
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(attempt.addressFailures, 8) * FAILED_AUTH_DELAY_STEP_MS));
        log.info({ session: session.id, remoteAddress: session.remoteAddress, failures: attempt.addressFailures }, "smtp login refused");
        throw new SmtpReply("badCredentials");
      })().catch((error: unknown) => callback(smtpReplyFor(error)));
    },

    onMailFrom(address, session, callback) {
      const principal = principalOf(session);
      void (async () => {
        const rate = await hitRateLimit(
          policy("smtpMessagesPerCredential"),
          principal.apiKey?.id ?? principal.mailbox?.id ?? principal.accountId,
        );
        if (rate.limited) throw new SmtpReply("rateLimited");
        if (!maySendAs(principal, address.address))
          throw new SmtpReply("senderNotAllowed", "a mailbox sends as its own address or its aliases");
        // The test sender's rules depend on the recipients: they are checked with the message, at DATA.
        if (!isTestSender(address.address)) {
          await sendingDomainOf(principal.accountId, address.address, principal.apiKey).catch(() => {
            throw new SmtpReply("senderNotAllowed");
          });
        }
        callback();
      })().catch((error: unknown) => callback(smtpReplyFor(error)));
    },

    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS)
        return callback(new SmtpReply("tooManyRecipients", `at most ${MAX_RECIPIENTS} per message`));
      const mailFrom = session.envelope.mailFrom;
      if (!mailFrom || !isTestSender(mailFrom.address)) return callback();
      // The test sender reaches only the account's own address: refused here with the API's reason, not after DATA.
      const principal = principalOf(session);
      assertTestSenderMayReach(principal.accountId, [address.address], principal.apiKey)
        .then(() => callback())
        .catch((error: unknown) =>
          callback(
            error instanceof AppError && error.code === "forbidden"
              ? new SmtpReply("testSenderNotAllowed", error.message)
              : smtpReplyFor(error),
          ),
        );
    },

    onData(stream, session, callback) {
      const principal = principalOf(session);
      void (async () => {
        const { data, held, overBudget } = await readMessageData(stream);
        try {
          if (overBudget) throw new SmtpReply("busy");
          if (!data) throw new SmtpReply("messageTooLarge", `at most ${MAX_SUBMISSION_BYTES} bytes`);
          const mailFrom = session.envelope.mailFrom;
          const message = await readSubmittedMessage(data, config.mail.hostname);
          const envelope = {
            from: mailFrom ? mailFrom.address : message.fromAddress,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          };
          const accepted = await acceptSubmission(principal, envelope, message);
          log.info(
            { session: session.id, messageId: accepted.id, bytes: data.length, recipients: envelope.to.length },
            "smtp message accepted",
          );
          callback(null, `2.0.0 Ok: queued as ${accepted.id}`);
        } finally {
          dataBudget.give(held);
        }
      })().catch((error: unknown) => {
        if (!(error instanceof SmtpReply)) log.error({ session: session.id, err: error }, "smtp message not accepted");
        callback(smtpReplyFor(error));
      });
    },
  });

  // A session may last this long in all, however busy the client keeps it.
  limitSessionTime(server, startedAt, SESSION_TIME_LIMIT_MS);
  server.on("error", (error) => log.warn({ err: error }, "smtp connection error"));
  return server;
}
