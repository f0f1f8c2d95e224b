// GET /sending/domains: the account's domains, newest first (an array, docs/domains.md).
import { desc, eq, sql } from "drizzle-orm";
import { hotQuery } from "@/server/db/prepared";
import { sendingDomains } from "@/server/db/schema";
import { domainView, recordsOf } from "./domain-view";

const domainsOf = hotQuery("list_domains", (executor) =>
  executor
    .select()
    .from(sendingDomains)
    .where(eq(sendingDomains.accountId, sql.placeholder("accountId")))
    .orderBy(desc(sendingDomains.createdAt)),
);

export async function listDomains(accountId: string) {
  const domains = await domainsOf().execute({ accountId });
  const records = await recordsOf(domains.map((domain) => domain.id));
  return domains.map((domain) => domainView(domain, records.get(domain.id)!));
}
