// Mail for the webmail tests, delivered into a hosted mailbox over LMTP as the MX would.
import MailComposer from "nodemailer/lib/mail-composer";
import { expect, inject } from "vitest";
import { deliverToMailboxes } from "@/server/mail-store/lmtp/deliver-to-mailboxes";

type Composed = {
  subject: string;
  text?: string;
  from?: string;
  /** A text file, notes.txt, with this content. */
  attachment?: string;
  /** Files of any content. */
  files?: { filename: string; content: Buffer; contentType?: string }[];
  messageId?: string;
  headers?: Record<string, string>;
};

export async function deliverText(address: string, mail: Composed): Promise<void> {
  const raw = await new MailComposer({
    from: mail.from ?? "Sender <sender@example.org>",
    to: address,
    subject: mail.subject,
    text: mail.text ?? "Plain words.",
    attachments: [...(mail.attachment ? [{ filename: "notes.txt", content: mail.attachment }] : []), ...(mail.files ?? [])],
    messageId: mail.messageId,
    headers: mail.headers,
  })
    .compile()
    .build();
  const [outcome] = await deliverToMailboxes(raw, [address], { lmtpUrl: `lmtp://127.0.0.1:${inject("mailStore").lmtpPort}` });
  expect(outcome!.delivered).toBe(true);
}
