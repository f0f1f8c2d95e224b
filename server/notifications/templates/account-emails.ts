// Emails about the account itself (not sign-in): confirming its address.
import type { EmailMessage } from "@/server/outbound/message";
import { renderEmail } from "./layout";

export function emailConfirmationEmail(to: string, code: string): EmailMessage {
  return {
    to,
    template: "email-confirmation",
    ...renderEmail({
      subject: "Confirm your email address",
      preheader: `Your code is ${code}. It works for 10 minutes.`,
      blocks: [
        { kind: "paragraph", text: "Enter this code in the portal to confirm this address is yours. It works once, for 10 minutes." },
        { kind: "code", code, label: "Confirmation code" },
        { kind: "note", text: "If you did not ask for this, you can ignore this email." },
      ],
    }),
  };
}
