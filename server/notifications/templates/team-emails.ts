// The email that invites someone to act in an account (docs/teams.md).
import type { EmailMessage } from "@/server/outbound/message";
import { renderEmail } from "./layout";

export function invitationEmail(
  to: string,
  details: { accountLabel: string; invitedBy: string; role: string; link: string; expiresAt: Date },
): EmailMessage {
  return {
    to,
    template: "team-invitation",
    ...renderEmail({
      subject: `${details.invitedBy} invited you to ${details.accountLabel}`,
      preheader: `Join ${details.accountLabel} as ${details.role}. The link works once, for 7 days.`,
      blocks: [
        {
          kind: "paragraph",
          text: `${details.invitedBy} invited you to work in ${details.accountLabel} with the ${details.role} role. You sign in with your own account (create one with this address if you have none), and switch between accounts from the account menu.`,
        },
        { kind: "button", href: details.link, label: "Accept the invitation" },
        {
          kind: "note",
          text: `The link works once, until ${details.expiresAt.toUTCString()}, for ${to} only. If you do not know ${details.invitedBy}, ignore this email: nothing happens without it.`,
        },
      ],
    }),
  };
}
