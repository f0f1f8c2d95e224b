// DNS lookups for domain checks, through DNS_SERVERS (default: the system's
// resolvers, after the development DNS outside production: see
// server/dns/create-lookup-resolver.ts). Timeouts are short so an unreachable resolver answers within
// seconds; "missing" (no such name, no such record) is an answer, while
// timeouts, SERVFAIL and refusals mean we could not find out.
import { createLookupResolver } from "@/server/dns/create-lookup-resolver";

export type LookupResult = { kind: "found"; values: string[] } | { kind: "missing" } | { kind: "unreachable"; code: string };

export type DnsLookup = {
  /** TXT records at `name`, each record's strings joined (a long value is split into 255-byte strings). */
  txt: (name: string) => Promise<LookupResult>;
  /** CNAME targets at `name`, lower case without the trailing dot. */
  cname: (name: string) => Promise<LookupResult>;
  /** MX records at `name` as `<preference> <host>` (host lower case, no trailing dot), lowest preference first. */
  mx: (name: string) => Promise<LookupResult>;
};

const DEFINITE_ABSENCE = new Set(["ENODATA", "ENOTFOUND"]);

async function classify(lookup: () => Promise<string[]>): Promise<LookupResult> {
  try {
    return { kind: "found", values: await lookup() };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "UNKNOWN";
    return DEFINITE_ABSENCE.has(code) ? { kind: "missing" } : { kind: "unreachable", code };
  }
}

/** A lookup bound to `servers` (`ip[:port]` entries); none given: DNS_SERVERS, else the development DNS and the system's. */
export function createDnsLookup(servers?: string[]): DnsLookup {
  const resolve = createLookupResolver(servers);
  return {
    txt: (name) => classify(async () => ((await resolve(name, "TXT")) as string[][]).map((chunks) => chunks.join(""))),
    cname: (name) =>
      classify(async () => ((await resolve(name, "CNAME")) as string[]).map((target) => target.toLowerCase().replace(/\.$/, ""))),
    mx: (name) =>
      classify(async () =>
        ((await resolve(name, "MX")) as { priority: number; exchange: string }[])
          .sort((a, b) => a.priority - b.priority)
          .map((record) => `${record.priority} ${record.exchange.toLowerCase().replace(/\.$/, "")}`),
      ),
  };
}
