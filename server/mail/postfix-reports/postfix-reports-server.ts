// The loopback SMTP listener the child Postfix mails its delivery reports to
// (docs/delivery.md, "Delivery reports"), instead of the public MX: the MX
// limits each client address (5 connections, 600 messages a minute), which
// every report of our own Postfix would share, so past 10 deliveries a second
// the reports waited for Postfix's next retry. It listens on 127.0.0.1 only,
// takes mail only from a connection the kernel says is owned by the postfix
// user, and only for return-path addresses; a report then goes the MX's way
// (header checks, the bounce handler), without SPF/DKIM/DMARC checks.
import type { SMTPServer, SMTPServerAddress, SMTPServerSession } from "smtp-server";
import type { Env } from "@/server/config/env";
import { logger } from "@/server/logger";
import { loopbackPeerUid } from "@/server/mail/listener/loopback-peer-uid";
import { createSmtpListener } from "@/server/mail/listener/smtp-listener";
import type { BounceDestination } from "@/server/mail/mx/inbound-message";
import { receiveMessage } from "@/server/mail/mx/received-message";
import { MAX_MX_BYTES, MAX_MX_RECIPIENTS, SESSION_TIME_LIMIT_MS } from "@/server/mail/mx/mx-limits";
import { bounceResolver } from "@/server/mail/mx/reports/bounce-resolver";
import { SmtpReply, smtpReplies } from "@/server/mail/reply-codes";
import type { TlsCredentials } from "@/server/security/tls-credentials";

export const POSTFIX_REPORTS_HOST = "127.0.0.1";

type Options = { config: Env; tls: TlsCredentials; port: number; postfixUid: number };

export function createPostfixReportsServer({ config, tls, port, postfixUid }: Options): SMTPServer {
  const log = logger().child({ listener: "postfix-reports" });
  const fromPostfix = new WeakSet<SMTPServerSession>();
  const destinations = new WeakMap<SMTPServerAddress, BounceDestination>();
  const { server } = createSmtpListener(
    {
      config,
      tls,
      maxBytes: MAX_MX_BYTES,
      sessionTimeLimitMs: SESSION_TIME_LIMIT_MS,
      log,
      label: "postfix-reports",
      options: { authOptional: true, disabledCommands: ["AUTH", "STARTTLS"] },
    },
    {
      admit: (session) => session.remoteAddress === POSTFIX_REPORTS_HOST,
      release: () => {},
      async mailFrom(_address, session) {
        if (fromPostfix.has(session)) return;
        const uid = await loopbackPeerUid({ ip: session.remoteAddress, port: session.remotePort }, { ip: POSTFIX_REPORTS_HOST, port });
        if (uid !== postfixUid) {
          log.warn({ session: session.id, uid }, "postfix-reports refused a connection that is not our Postfix's");
          throw new SmtpReply("senderNotAllowed", "this listener takes reports from the service's Postfix only");
        }
        fromPostfix.add(session);
      },
      async rcptTo(address, session) {
        if (session.envelope.rcptTo.length >= MAX_MX_RECIPIENTS) throw new SmtpReply("tooManyRecipients");
        const destination = await bounceResolver.resolve(address.address);
        if (destination?.kind !== "bounce") throw new SmtpReply("unknownRecipient");
        destinations.set(address, destination);
      },
      async message(data, session) {
        await receiveMessage(
          data,
          session,
          session.envelope.rcptTo.flatMap((rcpt) => destinations.get(rcpt) ?? []),
          { fromOwnPostfix: true },
        );
        return smtpReplies.received.text;
      },
    },
  );
  return server;
}
