// What the development DNS holds at a name, read from the database on every
// query (so every instance answers the same, and nothing lives only in
// memory): the records the domain page asks a domain's owner to publish, as
// stored with the domain, its client-discovery records, and the service's
// own SPF and bounce names those records point at (docs/domains.md).
import { and, eq, inArray } from "drizzle-orm";
import { db } from "@/server/db/client";
import { sendingDomainRecords, sendingDomains } from "@/server/db/schema";
import { discoveryRecords } from "@/server/services/domains/discovery-records";
import { MX_PRIORITY } from "@/server/services/domains/expected-records";
import { developmentReportAuthorization, developmentServiceRecords } from "@/server/services/domains/service-records";

export type ServedRecord =
  | { type: "TXT" | "CNAME"; value: string }
  | { type: "MX"; value: string; priority: number }
  | { type: "SRV"; value: string; priority: number; weight: number; port: number };

/** null: the name is in no zone this server answers for (the caller refuses it). */
export type ServedName = { records: ServedRecord[] } | null;

/** `a.b.example.com` → itself, `b.example.com`, `example.com`, `com`. */
const suffixesOf = (name: string) => name.split(".").map((_, index, labels) => labels.slice(index).join("."));

/** The service's own names customers' records point at (service-records.ts). */
function serviceRecords(name: string): ServedRecord[] | null {
  const authorization = developmentReportAuthorization(name);
  const records = authorization ? [authorization] : developmentServiceRecords().filter((record) => record.name === name);
  if (records.length === 0) return null;
  return records.map((record) =>
    record.type === "MX"
      ? { type: "MX", value: record.value, priority: record.priority ?? MX_PRIORITY }
      : { type: "TXT", value: record.value },
  );
}

export async function findServedRecords(queried: string): Promise<ServedName> {
  const name = queried.toLowerCase().replace(/\.$/, "");
  const own = serviceRecords(name);
  if (own) return { records: own };
  const domains = await db()
    .select({ id: sendingDomains.id, name: sendingDomains.name, verifiedAt: sendingDomains.verifiedAt })
    .from(sendingDomains)
    .where(inArray(sendingDomains.name, suffixesOf(name)));
  if (domains.length === 0) return null;
  // Several accounts may have added the same name; once one verified it, only its records are served.
  const verified = domains.filter((domain) => domain.verifiedAt);
  const serving = verified.length > 0 ? verified : domains;
  const stored = await db()
    .select({ type: sendingDomainRecords.type, value: sendingDomainRecords.value, priority: sendingDomainRecords.priority })
    .from(sendingDomainRecords)
    .where(
      and(
        inArray(
          sendingDomainRecords.domainId,
          serving.map((domain) => domain.id),
        ),
        eq(sendingDomainRecords.name, name),
      ),
    )
    .orderBy(sendingDomainRecords.position);
  const records: ServedRecord[] = stored.map((record) =>
    record.type === "MX"
      ? { type: "MX", value: record.value, priority: record.priority ?? MX_PRIORITY }
      : { type: record.type, value: record.value },
  );
  for (const domain of serving) {
    for (const record of discoveryRecords(domain.name)) {
      if (record.name !== name) continue;
      records.push(
        record.type === "SRV"
          ? { type: "SRV", value: record.value, priority: record.priority ?? 0, weight: record.weight ?? 1, port: record.port ?? 0 }
          : { type: "CNAME", value: record.value },
      );
    }
  }
  return { records: distinct(records) };
}

/** The same record added by two accounts is served once; a name holds at most one CNAME. */
function distinct(records: ServedRecord[]): ServedRecord[] {
  const seen = new Set<string>();
  let cname = false;
  return records.filter((record) => {
    const key = JSON.stringify(record);
    if (seen.has(key) || (record.type === "CNAME" && cname)) return false;
    seen.add(key);
    cname ||= record.type === "CNAME";
    return true;
  });
}
