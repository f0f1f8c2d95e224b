// The resolver behind domain checks and the MX's SPF/DKIM/DMARC checks:
// DNS_SERVERS when set, else the system's resolvers. Outside production with
// the development DNS on (docs/domains.md, "Without outside DNS"), it is
// asked first, and a name it does not serve (it answers REFUSED) goes on to
// the system's resolvers. Two resolvers rather than one with two servers: a
// resolver demotes a server that refused, and would then ask the system's
// first for a customer's domain.
import { Resolver } from "node:dns/promises";
import { env } from "@/server/config/env";

/** `Resolver#resolve`: `string[][]` for TXT, `string[]` for CNAME, `{ priority, exchange }[]` for MX. */
export type ResolveRecords = (name: string, rrtype: string) => Promise<unknown>;

function resolverOn(servers: string[] | undefined, options = { timeout: 2_000, tries: 2 }): ResolveRecords {
  const resolver = new Resolver(options);
  if (servers?.length) resolver.setServers(servers);
  return (name, rrtype) => resolver.resolve(name, rrtype as "TXT");
}

/** Resolves through `servers` (`ip[:port]` entries) when given, else as configured (see above). */
export function createLookupResolver(servers: string[] | undefined = env().DNS_SERVERS): ResolveRecords {
  const devDns = env().devDns;
  if (servers?.length || !devDns?.servesLookups) return resolverOn(servers);
  // Loopback answers at once: one try, so a stopped development DNS costs a second, not four.
  const development = resolverOn([`${devDns.host}:${devDns.port}`], { timeout: 1_000, tries: 1 });
  const system = resolverOn(undefined);
  return async (name, rrtype) => {
    try {
      return await development(name, rrtype);
    } catch (error) {
      // Only a refusal: a development DNS that does not answer is "could not find out", never the system's "no such name".
      if ((error as NodeJS.ErrnoException).code === "EREFUSED") return system(name, rrtype);
      throw error;
    }
  };
}
