// A sending domain's DMARC report address, `dmarc+<domain id's hex>@<MAIL_HOSTNAME>`
// (server/services/dmarc/report-address.ts): taken when the domain exists;
// any other such address gets 550 5.1.1 like an unknown one.
import { reportAddressDomain } from "@/server/services/dmarc/report-address-domain";
import type { DmarcReportDestination, RecipientResolver } from "../inbound-message";

async function resolve(address: string): Promise<DmarcReportDestination | null> {
  const domainId = await reportAddressDomain(address);
  return domainId ? { kind: "dmarc_report", address, domainId } : null;
}

export const dmarcReportResolver: RecipientResolver = { name: "DMARC report address", resolve };
