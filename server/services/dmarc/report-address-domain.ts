// The existing sending domain a DMARC report address names, for the MX's RCPT.
import { eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { sendingDomains } from "@/server/db/schema";
import { domainIdOfReportAddress } from "./report-address";

/** The domain's id, or null when `address` is no report address or its domain is gone. */
export async function reportAddressDomain(address: string): Promise<string | null> {
  const domainId = domainIdOfReportAddress(address);
  if (!domainId) return null;
  const [domain] = await db().select({ id: sendingDomains.id }).from(sendingDomains).where(eq(sendingDomains.id, domainId)).limit(1);
  return domain?.id ?? null;
}
