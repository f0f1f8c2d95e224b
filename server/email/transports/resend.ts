import { Resend } from "resend";
import type { EmailTransport } from "../message";

export function resendTransport(apiKey: string): EmailTransport {
  const client = new Resend(apiKey);
  return {
    name: "resend",
    async send(message) {
      const { error } = await client.emails.send({
        from: message.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        tags: [{ name: "template", value: message.template.replace(/[^A-Za-z0-9_-]/g, "_") }],
      });
      // Thrown so the job queue retries it with backoff.
      if (error) throw new Error(`Resend refused the email: ${error.name}: ${error.message}`);
    },
    // Resend takes fields, not MIME, and signs with the keys of domains verified at Resend.
    async sendComposed({ fields }) {
      const { error } = await client.emails.send({
        from: fields.from,
        to: fields.to,
        cc: fields.cc,
        bcc: fields.bcc,
        replyTo: fields.replyTo,
        subject: fields.subject,
        headers: fields.headers,
        ...(fields.html ? { html: fields.html } : {}),
        ...(fields.text ? { text: fields.text } : {}),
      } as Parameters<typeof client.emails.send>[0]);
      if (error) throw new Error(`Resend refused the message: ${error.name}: ${error.message}`);
    },
  };
}
