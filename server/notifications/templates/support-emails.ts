// Support acknowledgements. Anyone can open a ticket for any address, so the
// email carries only the reference: never the subject or message someone typed.
import type { EmailMessage } from "@/server/outbound/message";
import { renderEmail } from "./layout";

export function supportAcknowledgementEmail(to: string, reference: string): EmailMessage {
  return {
    to,
    template: "support-acknowledgement",
    ...renderEmail({
      subject: `We received your request (${reference})`,
      preheader: `Your support reference is ${reference}.`,
      blocks: [
        { kind: "paragraph", text: "Thanks for writing to us. Your request is in the support queue and a person will answer by email." },
        { kind: "code", code: reference, label: "Reference" },
        {
          kind: "note",
          text: "Quote this reference if you write to us again about the same thing. If you did not contact us, you can ignore this email.",
        },
      ],
    }),
  };
}
