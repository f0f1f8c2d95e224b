// The DNS records of the service's own names (docs/deliverability.md, "The
// service's own records"). The return-path host is the envelope sender of the
// service's own mail (codes, links) and, through each customer's
// `ces-bounces` CNAME, of every customer's mail: a receiver checks SPF
// there, so it must publish one that includes the service's SPF name. The
// development DNS serves these; in production the operator publishes them,
// and the launcher warns when the return path's SPF is missing.
import { env } from "@/server/config/env";
import { REPORT_AUTHORIZATION, reportAuthorizationName } from "@/server/services/dmarc/report-address";
import { type DnsLookup, createDnsLookup } from "./dns-lookup";
import { MX_PRIORITY } from "./expected-records";
import { returnPathDomain, spfDomain } from "./sending-config";

export type ServiceRecord = { name: string; type: "TXT" | "MX"; value: string; priority?: number };

/** Loopback is what sends in development, so the service's SPF name lists it. */
const DEVELOPMENT_SPF = "v=spf1 ip4:127.0.0.0/8 ip6:::1 ~all";

/** The return-path host's SPF: whatever the service's SPF name allows. */
export const returnPathSpf = () => `v=spf1 include:${spfDomain()} ~all`;

/** The records the development DNS serves for the service's own names. */
export function developmentServiceRecords(): ServiceRecord[] {
  return [
    { name: spfDomain(), type: "TXT", value: DEVELOPMENT_SPF },
    { name: returnPathDomain(), type: "MX", value: env().mail.hostname, priority: MX_PRIORITY },
    { name: returnPathDomain(), type: "TXT", value: returnPathSpf() },
  ];
}

/**
 * The development DNS's answer at `name` for DMARC report authorization (RFC 7489 §7.1): any domain may send its
 * reports to the service's mail host. In production the operator publishes `*._report._dmarc.<MAIL_HOSTNAME>`.
 */
export function developmentReportAuthorization(name: string): ServiceRecord | null {
  const suffix = reportAuthorizationName("").slice(1);
  return name.endsWith(`.${suffix}`) && name.length > suffix.length + 1 ? { name, type: "TXT", value: REPORT_AUTHORIZATION } : null;
}

/** A warning for the operator when the return-path host publishes no SPF record, else null. */
export async function missingReturnPathSpf(lookup: DnsLookup = createDnsLookup()): Promise<string | null> {
  const name = returnPathDomain();
  const found = await lookup.txt(name);
  if (found.kind === "unreachable") return `could not check the SPF record of ${name} (DNS: ${found.code})`;
  if (found.kind === "found" && found.values.some((value) => /^v=spf1(\s|$)/i.test(value))) return null;
  return `${name}, the return path of the service's own mail and of every customer's, publishes no SPF record: receivers that check SPF fail it. Publish TXT "${returnPathSpf()}" there (docs/deliverability.md).`;
}
