// GET /sending/domains: the account's domains, newest first (an array, contract §11).
import { desc, eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { sendingDomains } from "@/server/db/schema";
import { domainView, recordsOf } from "./domain-view";

export async function listDomains(accountId: string) {
  const domains = await db().select().from(sendingDomains).where(eq(sendingDomains.accountId, accountId)).orderBy(desc(sendingDomains.createdAt));
  const records = await recordsOf(domains.map((domain) => domain.id));
  return domains.map((domain) => domainView(domain, records.get(domain.id)!));
}
