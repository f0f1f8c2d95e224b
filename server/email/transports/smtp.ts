import nodemailer from "nodemailer";
import type { EmailTransport } from "../message";

export function smtpTransport(smtpUrl: string): EmailTransport {
  const transporter = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as never);
  return {
    name: "smtp",
    async send(message) {
      await transporter.sendMail({ from: message.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
    async sendComposed(message) {
      await transporter.sendMail({ envelope: message.envelope, raw: message.raw });
    },
  };
}
