// A sending domain as Resend's API shows one. Statuses are the same words;
// records are named by what they prove (`SPF`, `DKIM`, …) and checked by the
// service, which publishes no TTL of its own (`Auto`, as Resend writes it).
import type { DomainView } from "@/server/services/domains/domain-view";

const recordNames: Record<DomainView["records"][number]["purpose"], string> = {
  ownership: "Ownership",
  spf: "SPF",
  dkim: "DKIM",
  dmarc: "DMARC",
  return_path: "Return-Path",
  mx: "MX",
};

/** Resend's words for a record no check has looked at yet. */
const recordStatus = (record: DomainView["records"][number]) => (record.lastCheckedAt === null ? "not_started" : record.status);

function domainFields(domain: DomainView) {
  return {
    id: domain.id,
    name: domain.name,
    status: domain.lastCheckedAt === null && domain.status === "pending" ? "not_started" : domain.status,
    created_at: domain.createdAt,
    // One region: the service's own.
    region: "global",
    capabilities: { sending: "enabled", receiving: domain.receivingStatus === "verified" ? "enabled" : "disabled" },
  };
}

/** GET /domains/{id} and the answer to POST /domains. */
export function domainObject(domain: DomainView) {
  return {
    object: "domain" as const,
    ...domainFields(domain),
    records: domain.records.map((record) => ({
      record: recordNames[record.purpose],
      name: record.name,
      type: record.type,
      ttl: "Auto",
      status: recordStatus(record),
      value: record.value,
      ...(record.priority === null ? {} : { priority: record.priority }),
    })),
  };
}

/** An item of GET /domains. */
export const listedDomainObject = domainFields;
