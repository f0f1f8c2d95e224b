// EMAIL_TRANSPORT=outbound: the service's own emails leave through the
// service's own Postfix (the child the launcher runs, or POSTFIX=external),
// as customers' mail without a relay does (docs/delivery.md, "Routes").
// Mail from the service's host name is signed with the service's DKIM key.
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/server/config/env";
import { serviceDkimKey } from "@/server/config/service-dkim-key";
import type { EmailTransport } from "@/server/outbound/message";
import type { PostfixHandOff } from "@/server/outbound/postfix/postfix-env";
import { postfixConnection } from "@/server/outbound/postfix/postfix-hand-off";
import { sendRawVia } from "@/server/outbound/smtp-hand-off";

const domainOf = (address: string) => /@([^>\s]+)>?\s*$/.exec(address)?.[1]?.toLowerCase() ?? "";

function connect(handOff: PostfixHandOff, signsAs: string | null): Transporter {
  const key = signsAs ? serviceDkimKey() : null;
  return nodemailer.createTransport({
    // The same way in as customers' hand-offs (postfix-hand-off.ts).
    ...postfixConnection(handOff),
    pool: true,
    maxConnections: 4,
    ...(key ? { dkim: { domainName: key.domain, keySelector: key.selector, privateKey: key.privateKey } } : {}),
  } as never);
}

export function outboundTransport(): EmailTransport {
  let transporter: Transporter | undefined;
  const connected = () => {
    const config = env();
    // Known once the launcher runs the child (POSTFIX_HANDOFF_SOCKET) or from POSTFIX_URL; the launcher refuses to start without it.
    if (!config.postfix.handOff) throw new Error("EMAIL_TRANSPORT=outbound: no outbound MTA to hand off to");
    const signsAs = domainOf(config.EMAIL_FROM) === config.mail.hostname ? config.mail.hostname : null;
    transporter ??= connect(config.postfix.handOff, signsAs);
    return transporter;
  };
  return {
    name: "outbound",
    async send(message) {
      // No delivery reports: a code or link that bounces has no one to tell but the log of the job that sent it.
      const noReports = { dsn: { notify: "NEVER" } };
      await connected().sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...noReports,
      });
    },
    sendRaw: (message) => sendRawVia(connected(), message),
  };
}
