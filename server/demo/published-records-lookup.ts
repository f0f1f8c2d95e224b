// The demo's stand-in for DNS: answers exactly the records a domain's owner
// was asked to publish, as if they had published them. Demo domains live
// under example.com, where nobody can publish anything, so this is the one
// step of verification the seed cannot do for real; the check itself (record
// by record, status, activity events) is the app's own checkDomain.
import type { DnsLookup } from "@/server/services/domains/dns-lookup";

type PublishedRecord = { type: string; name: string; value: string; priority?: number | null };

export function publishedRecordsLookup(records: PublishedRecord[]): DnsLookup {
  const answer = (type: string, name: string) => {
    const values = records
      .filter((record) => record.type === type && record.name === name)
      .map((record) => (record.type === "MX" ? `${record.priority ?? 10} ${record.value}` : record.value));
    return Promise.resolve(values.length > 0 ? { kind: "found" as const, values } : { kind: "missing" as const });
  };
  return { txt: (name) => answer("TXT", name), cname: (name) => answer("CNAME", name), mx: (name) => answer("MX", name) };
}
