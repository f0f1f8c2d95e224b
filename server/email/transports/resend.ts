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
  };
}
