// GET /sending/reputation-warnings: the latest warning of each sending domain
// and metric from the last 24 hours (docs/deliverability.md, "Reputation
// warnings"). A key restricted to one domain sees that domain's only.
import { sql } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import type { SendingPrincipal } from "@/server/services/auth/sending-principal";
import type { ReputationWarning } from "@/shared/schemas/stats";
import { statsDomainFilter } from "./domain-filter";

type Row = {
  id: string;
  domain_id: string;
  domain: string;
  metric: ReputationWarning["metric"];
  rate: number;
  threshold: number;
  sent: string;
  affected: string;
  created_at: Date;
};

export async function listReputationWarnings(principal: SendingPrincipal, query: { domainId?: string }): Promise<ReputationWarning[]> {
  const domainId = await statsDomainFilter(principal, query.domainId);
  const result = await db().execute<Row>(sql`
    select distinct on (warning.domain_id, warning.metric)
           warning.id, warning.domain_id, domain.name as domain, warning.metric, warning.rate, warning.threshold,
           warning.sent, warning.affected, warning.created_at
      from reputation_warnings warning
      join sending_domains domain on domain.id = warning.domain_id
     where warning.account_id = ${principal.accountId}
       and warning.created_at > ${new Date(now().getTime() - 86_400_000)}
       ${domainId ? sql`and warning.domain_id = ${domainId}` : sql``}
     order by warning.domain_id, warning.metric, warning.created_at desc`);
  return result.rows
    .map((row) => ({
      id: row.id,
      domainId: row.domain_id,
      domain: row.domain,
      metric: row.metric,
      rate: Number(row.rate),
      threshold: Number(row.threshold),
      sent: Number(row.sent),
      affected: Number(row.affected),
      createdAt: new Date(row.created_at).toISOString(),
    }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
