// The loopback SMTP listener our child Dovecot hands Sieve's outgoing mail to
// (`submission_host`, docs/spam-and-rules.md): forwards and vacation replies
// enter the sending pipeline here instead of a system sendmail. It listens on
// 127.0.0.1 only and takes mail only from a connection the kernel says is
// owned by Dovecot's mail user; anything else is refused at MAIL FROM.
import type { SMTPServer, SMTPServerSession } from "smtp-server";
import type { Env } from "@/server/config/env";
import { logger } from "@/server/logger";
import { createSmtpListener } from "@/server/mail/listener/smtp-listener";
import { SmtpReply, smtpReplies } from "@/server/mail/reply-codes";
import type { TlsCredentials } from "@/server/security/tls-credentials";
import { MAX_MESSAGE_BYTES } from "@/shared/schemas/message-size";
import { acceptRulesMail, ruleMailOwnerOrThrow } from "./accept-rules-mail";
import { loopbackPeerUid } from "@/server/mail/listener/loopback-peer-uid";

export const RULES_MAIL_HOST = "127.0.0.1";
const MAX_RULE_RECIPIENTS = 10;

type Options = { config: Env; tls: TlsCredentials; port: number; mailUid: number };

export function createRulesMailServer({ config, tls, port, mailUid }: Options): SMTPServer {
  const log = logger().child({ listener: "rules-mail" });
  const fromDovecot = new WeakSet<SMTPServerSession>();
  const { server } = createSmtpListener(
    {
      config,
      tls,
      maxBytes: MAX_MESSAGE_BYTES,
      sessionTimeLimitMs: 5 * 60_000,
      log,
      label: "rules-mail",
      options: { authOptional: true, disabledCommands: ["AUTH", "STARTTLS"] },
    },
    {
      admit: (session) => session.remoteAddress === RULES_MAIL_HOST,
      release: () => {},
      async mailFrom(address, session) {
        if (!fromDovecot.has(session)) {
          const uid = await loopbackPeerUid({ ip: session.remoteAddress, port: session.remotePort }, { ip: RULES_MAIL_HOST, port });
          if (uid !== mailUid) {
            log.warn({ session: session.id, uid }, "rules-mail refused a connection that is not our Dovecot's");
            throw new SmtpReply("senderNotAllowed", "this listener takes mail from the service's mail store only");
          }
          fromDovecot.add(session);
        }
        if (!address.address) throw new SmtpReply("senderNotAllowed", "rules mail needs the mailbox's address as sender");
        await ruleMailOwnerOrThrow(address.address);
      },
      async rcptTo(_address, session) {
        if (session.envelope.rcptTo.length >= MAX_RULE_RECIPIENTS) throw new SmtpReply("tooManyRecipients");
      },
      async message(data, session) {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        };
        const accepted = await acceptRulesMail(envelope, data);
        log.info(
          { session: session.id, messageId: accepted.id, kind: accepted.kind, recipients: envelope.to.length },
          "rules mail accepted",
        );
        return `${smtpReplies.queued.text} ${accepted.id}`;
      },
    },
  );
  return server;
}
