// SMTP submission (docs/smtp.md): one smtp-server per port, STARTTLS or
// implicit TLS, on the listener skeleton (server/mail/listener/smtp-listener.ts).
// Each stage answers as early as it can: credentials at AUTH, the sender at
// MAIL FROM, the recipient count at RCPT, size and headers at DATA; the
// accepted message then takes the same path as the sending API.
import type { SMTPServer, SMTPServerSession } from "smtp-server";
import type { Env } from "@/server/config/env";
import { AppError } from "@/server/errors";
import { logger } from "@/server/logger";
import { connectionCounter } from "@/server/mail/listener/connection-limits";
import { advertiseAuthAfterTls } from "@/server/mail/listener/smtp-connections";
import { createSmtpListener } from "@/server/mail/listener/smtp-listener";
import { SmtpReply, smtpReplies } from "@/server/mail/reply-codes";
import type { TlsCredentials } from "@/server/security/tls-credentials";
import { type CheckedDomain, sendingDomainOf } from "@/server/services/messages/sending-domain-of";
import { assertTestSenderMayReach, isTestSender } from "@/server/services/messages/test-sender";
import { hitRateLimit } from "@/server/services/rate-limit/consume-rate-limit";
import { countMailLoginAttempt, countMailLoginSuccess } from "@/server/services/rate-limit/count-mail-login";
import { policy } from "@/server/services/rate-limit/policies";
import { MAX_RECIPIENTS } from "@/shared/schemas/messages";
import { MAX_SUBMISSION_BYTES } from "@/shared/schemas/smtp-submission";
import { acceptSubmission } from "./accept-submission";
import { authenticateSubmission, maySendAs, type SubmissionPrincipal } from "./authenticate-submission";
import { mayAuthenticate } from "./plaintext-auth";
import { readSubmittedMessage } from "./submitted-message";

const SESSION_TIME_LIMIT_MS = 15 * 60_000;
/** Wrong logins are answered more slowly as they add up, then refused (policies smtpAuthFailuresPerIp, mailLoginFailuresPerMailbox). */
const FAILED_AUTH_DELAY_STEP_MS = 250;

type Options = { config: Env; tls: TlsCredentials; implicitTls: boolean };

const principalOf = (session: SMTPServerSession) => session.user as SubmissionPrincipal;

/** The sending domain MAIL FROM checked for the message in progress: DATA reuses it when the From header is on it. */
const checkedDomains = new WeakMap<SMTPServerSession["envelope"], CheckedDomain>();

export function createSubmissionServer({ config, tls, implicitTls }: Options): SMTPServer {
  const connections = connectionCounter(config.SMTP_MAX_CLIENTS_PER_IP);
  const log = logger().child({ listener: implicitTls ? "submissions" : "submission" });

  const setup = {
    config,
    tls,
    maxBytes: MAX_SUBMISSION_BYTES,
    sessionTimeLimitMs: SESSION_TIME_LIMIT_MS,
    log,
    label: "smtp",
    options: {
      secure: implicitTls,
      authMethods: ["PLAIN", "LOGIN"],
      // Production: AUTH before STARTTLS is refused by smtp-server before any credential is sent (and not
      // advertised, see connected). Elsewhere auth decides, so loopback may skip TLS.
      allowInsecureAuth: !config.isProduction,
      authRequiredMessage: smtpReplies.authRequired.text,
    },
  };

  const { server } = createSmtpListener(setup, {
    admit: (session) => connections.tryOpen(session.remoteAddress),

    release(session, admitted) {
      if (admitted) connections.close(session.remoteAddress);
    },

    connected(server, session) {
      if (config.isProduction) advertiseAuthAfterTls(server, session.id);
    },

    async auth(auth, session) {
      if (!mayAuthenticate(session, config.isProduction)) throw new SmtpReply("encryptionRequired");
      const username = auth.username ?? "";
      // Counted before the credentials are checked (docs/security.md, "Mail logins"), like IMAP and POP3.
      const attempt = await countMailLoginAttempt(username, session.remoteAddress);
      if (!attempt.allowed) {
        log.info({ session: session.id, remoteAddress: session.remoteAddress }, "smtp login refused unchecked: too many failures");
        throw new SmtpReply("tooManyAuthFailures");
      }
      const principal = await authenticateSubmission(username, auth.password ?? "");
      if (principal) {
        await countMailLoginSuccess(username, session.remoteAddress);
        return principal;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(attempt.addressFailures, 8) * FAILED_AUTH_DELAY_STEP_MS));
      log.info({ session: session.id, remoteAddress: session.remoteAddress, failures: attempt.addressFailures }, "smtp login refused");
      throw new SmtpReply("badCredentials");
    },

    async mailFrom(address, session) {
      const principal = principalOf(session);
      const rate = await hitRateLimit(
        policy("smtpMessagesPerCredential"),
        principal.apiKey?.id ?? principal.mailbox?.id ?? principal.accountId,
      );
      if (rate.limited) throw new SmtpReply("rateLimited");
      if (!maySendAs(principal, address.address))
        throw new SmtpReply("senderNotAllowed", "a mailbox sends as its own address or its aliases");
      // The test sender's rules depend on the recipients: they are checked with the message, at DATA.
      if (!isTestSender(address.address)) {
        const domain = await sendingDomainOf(principal.accountId, address.address, principal.apiKey).catch(() => {
          throw new SmtpReply("senderNotAllowed");
        });
        checkedDomains.set(session.envelope, domain);
      }
    },

    async rcptTo(address, session) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS)
        throw new SmtpReply("tooManyRecipients", `at most ${MAX_RECIPIENTS} per message`);
      const mailFrom = session.envelope.mailFrom;
      if (!mailFrom || !isTestSender(mailFrom.address)) return;
      // The test sender reaches only the account's own address: refused here with the API's reason, not after DATA.
      const principal = principalOf(session);
      await assertTestSenderMayReach(principal.accountId, [address.address], principal.apiKey).catch((error: unknown) => {
        throw error instanceof AppError && error.code === "forbidden" ? new SmtpReply("testSenderNotAllowed", error.message) : error;
      });
    },

    async message(data, session) {
      const principal = principalOf(session);
      const mailFrom = session.envelope.mailFrom;
      const message = await readSubmittedMessage(data, config.mail.hostname);
      const envelope = {
        from: mailFrom ? mailFrom.address : message.fromAddress,
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
      };
      const accepted = await acceptSubmission(principal, envelope, message, checkedDomains.get(session.envelope) ?? null);
      log.info(
        { session: session.id, messageId: accepted.id, bytes: data.length, recipients: envelope.to.length },
        "smtp message accepted",
      );
      return `${smtpReplies.queued.text} ${accepted.id}`;
    },
  });
  return server;
}
