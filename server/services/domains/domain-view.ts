// The Sending domain resource as returned (docs/api.md), and the owner-scoped lookup.
import { and, asc, eq, sql } from "drizzle-orm";
import { db, type Executor } from "@/server/db/client";
import { hotQuery } from "@/server/db/prepared";
import { sendingDomainRecords, sendingDomains } from "@/server/db/schema";
import { notFound } from "@/server/errors";
import { discoveryRecords } from "./discovery-records";
import { expectedRecords } from "./expected-records";

export type DomainRow = typeof sendingDomains.$inferSelect;
export type DomainRecordRow = typeof sendingDomainRecords.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The stored records, plus any record added to the service since the domain's
 * last check (the MX record, for domains older than it), shown as not checked.
 */
function withNewRecords(domain: DomainRow, records: DomainRecordRow[]): DomainRecordRow[] {
  const stored = new Set(records.map((record) => record.purpose));
  const added = expectedRecords(domain)
    .map((record, position) => ({
      ...record,
      position,
      domainId: domain.id,
      status: "pending" as const,
      lastCheckedAt: null,
      foundValues: null,
    }))
    .filter((record) => !stored.has(record.purpose));
  return [...records, ...added];
}

export function domainView(domain: DomainRow, records: DomainRecordRow[]) {
  return {
    id: domain.id,
    domain_id: domain.id,
    name: domain.name,
    status: domain.status,
    receivingStatus: domain.receivingStatus,
    records: withNewRecords(domain, records)
      .sort((a, b) => a.position - b.position)
      .map((record) => ({
        type: record.type,
        name: record.name,
        value: record.value,
        priority: record.priority,
        purpose: record.purpose,
        required: record.required,
        status: record.status,
        lastCheckedAt: iso(record.lastCheckedAt),
        found: record.foundValues ?? null,
      })),
    discoveryRecords: discoveryRecords(domain.name),
    createdAt: domain.createdAt.toISOString(),
    verifiedAt: iso(domain.verifiedAt),
    lastCheckedAt: iso(domain.lastCheckedAt),
  };
}

export type DomainView = ReturnType<typeof domainView>;

// `= any(array)` rather than `in (…)`: one statement text for any number of domains, so it can be prepared.
const recordsOfDomains = hotQuery("domain_records", (executor) =>
  executor
    .select()
    .from(sendingDomainRecords)
    .where(sql`${sendingDomainRecords.domainId} = any(${sql.placeholder("domainIds")})`)
    .orderBy(asc(sendingDomainRecords.position)),
);

export async function recordsOf(domainIds: string[], tx: Executor = db()): Promise<Map<string, DomainRecordRow[]>> {
  const byDomain = new Map<string, DomainRecordRow[]>(domainIds.map((id) => [id, []]));
  if (domainIds.length === 0) return byDomain;
  const rows = await recordsOfDomains(tx).execute({ domainIds });
  for (const row of rows) byDomain.get(row.domainId)?.push(row);
  return byDomain;
}

/** One of the account's domains; anything else (another account's, unknown, any shape) is 404. */
export async function getOwnedDomainOrThrow(accountId: string, domainId: string, tx: Executor = db()): Promise<DomainRow> {
  const [domain] = await tx
    .select()
    .from(sendingDomains)
    .where(and(eq(sendingDomains.id, domainId), eq(sendingDomains.accountId, accountId)))
    .limit(1);
  if (!domain) throw notFound("Domain");
  return domain;
}

export async function getDomainView(accountId: string, domainId: string): Promise<DomainView> {
  const domain = await getOwnedDomainOrThrow(accountId, domainId);
  return domainView(domain, (await recordsOf([domain.id])).get(domain.id)!);
}
