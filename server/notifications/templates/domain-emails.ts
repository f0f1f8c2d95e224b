// Emails about sending domains: sent by the background re-check when a
// domain needs its owner's attention.
import type { EmailMessage } from "@/server/outbound/message";
import { renderEmail } from "./layout";

export function domainRecordLostEmail(to: string, domain: string, records: string[], domainsUrl: string): EmailMessage {
  return {
    to,
    template: "domain-record-lost",
    ...renderEmail({
      subject: `${domain} is missing DNS records`,
      preheader: `Email from ${domain} may not be delivered until the records are back.`,
      blocks: [
        {
          kind: "paragraph",
          text: `${domain} was verified, but our latest check could not find these required DNS records with the right values: ${records.join(", ")}.`,
        },
        {
          kind: "paragraph",
          text: "Until they are back, email sent from this domain may be refused or marked as spam. Publish them again as shown in the portal; we check again every 15 minutes.",
        },
        { kind: "button", href: domainsUrl, label: "Open sending domains" },
        { kind: "note", text: "If you changed DNS providers recently, copy the records over from the portal." },
      ],
    }),
  };
}

export function domainVerificationFailedEmail(to: string, domain: string, domainsUrl: string): EmailMessage {
  return {
    to,
    template: "domain-verification-failed",
    ...renderEmail({
      subject: `We could not verify ${domain}`,
      preheader: `${domain} was not verified within 72 hours.`,
      blocks: [
        {
          kind: "paragraph",
          text: `We looked for the DNS records of ${domain} for 72 hours without finding all the required ones, so we stopped checking automatically.`,
        },
        { kind: "paragraph", text: "Publish the records shown in the portal, then press Verify there to check again." },
        { kind: "button", href: domainsUrl, label: "Open sending domains" },
      ],
    }),
  };
}
