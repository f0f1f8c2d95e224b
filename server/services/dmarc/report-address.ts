// Where a sending domain's DMARC aggregate reports go (docs/deliverability.md,
// "DMARC reports"): `dmarc+<domain id's hex>@<MAIL_HOSTNAME>`, named in the
// `rua` of the DMARC record the domain page recommends. The address is public
// (it is in DNS), so it only says which domain a report is for; what a report
// claims is checked against that domain when it arrives.
import { env } from "@/server/config/env";

const PREFIX = "dmarc+";
const DOMAIN_ID = /^dom_([0-9a-f]{24})$/;

export function dmarcReportAddress(domainId: string): string {
  const hex = DOMAIN_ID.exec(domainId)?.[1];
  if (!hex) throw new Error(`not a domain id: ${domainId}`);
  return `${PREFIX}${hex}@${env().mail.hostname}`;
}

/** The domain id a report address names, or null when `address` is not one (any case; only at the service's mail host). */
export function domainIdOfReportAddress(address: string): string | null {
  const at = address.lastIndexOf("@");
  if (at < 0 || address.slice(at + 1).toLowerCase() !== env().mail.hostname.toLowerCase()) return null;
  const local = address.slice(0, at).toLowerCase();
  if (!local.startsWith(PREFIX)) return null;
  const hex = local.slice(PREFIX.length);
  return /^[0-9a-f]{24}$/.test(hex) ? `dom_${hex}` : null;
}

/**
 * RFC 7489 §7.1: a receiver sends reports for `domain` to an address at another domain only when that domain
 * publishes `<domain>._report._dmarc.<its name>` with `v=DMARC1`.
 */
export const reportAuthorizationName = (domain: string) => `${domain}._report._dmarc.${env().mail.hostname}`;
export const REPORT_AUTHORIZATION = "v=DMARC1";
