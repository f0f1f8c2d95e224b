import { simpleParser } from "mailparser";
import { Resend } from "resend";
import type { EmailTransport } from "@/server/outbound/message";

const addressesOf = (field: { value: { address?: string }[] } | { value: { address?: string }[] }[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((entry) => entry.value.map((mailbox) => mailbox.address ?? ""))
    .filter(Boolean);

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
    // Resend takes fields, not MIME, and signs with the keys of domains verified at Resend:
    // the stored message is read back into fields; Bcc comes from the envelope.
    async sendRaw({ raw, envelope }) {
      const parsed = await simpleParser(raw);
      const visible = new Set([...addressesOf(parsed.to), ...addressesOf(parsed.cc)].map((address) => address.toLowerCase()));
      const { error } = await client.emails.send({
        from: parsed.from?.text ?? envelope.from,
        to: addressesOf(parsed.to),
        cc: addressesOf(parsed.cc),
        bcc: envelope.to.filter((recipient) => !visible.has(recipient.toLowerCase())),
        replyTo: addressesOf(parsed.replyTo),
        subject: parsed.subject ?? "",
        ...(typeof parsed.html === "string" ? { html: parsed.html } : {}),
        ...(parsed.text ? { text: parsed.text } : {}),
        attachments: parsed.attachments.map((file) => ({ filename: file.filename, content: file.content, contentId: file.cid })),
      } as Parameters<typeof client.emails.send>[0]);
      if (error) throw new Error(`Resend refused the message: ${error.name}: ${error.message}`);
      return { accepted: envelope.to, refused: [] };
    },
  };
}
