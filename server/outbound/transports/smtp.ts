// The service's own SMTP transport (SMTP_URL): one pool of reused
// connections per process, so a burst of messages does not open a
// connection each.
import nodemailer from "nodemailer";
import type { EmailTransport } from "@/server/outbound/message";
import { sendRawVia } from "@/server/outbound/smtp-hand-off";
import { socketsWithoutDelay } from "@/server/outbound/smtp-client-socket";
import { smtpUrlOptions } from "@/server/outbound/smtp-url";

export function smtpTransport(smtpUrl: string): EmailTransport {
  const transporter = nodemailer.createTransport({
    ...smtpUrlOptions(smtpUrl),
    pool: true,
    maxConnections: 8,
    maxMessages: 500,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
    getSocket: socketsWithoutDelay(10_000),
  } as never);
  return {
    name: "smtp",
    async send(message) {
      await transporter.sendMail({ from: message.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
    sendRaw: (message) => sendRawVia(transporter, message),
  };
}
