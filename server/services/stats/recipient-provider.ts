// Which mailbox provider runs a recipient domain (docs/deliverability.md,
// "Providers"): the providers' own consumer domains by name, any other domain
// by the hosts its MX records name (a company on Google Workspace or
// Microsoft 365 has its MX at Google or Microsoft). Pure: the lookup is the
// caller's.
import type { RecipientProvider } from "@/server/db/schema";

const CONSUMER_DOMAINS: Record<string, RecipientProvider> = {};
const consumer = (provider: RecipientProvider, domains: string[]) => {
  for (const domain of domains) CONSUMER_DOMAINS[domain] = provider;
};
consumer("gmail", ["gmail.com", "googlemail.com"]);
consumer("microsoft", ["outlook.com", "hotmail.com", "live.com", "msn.com", "hotmail.co.uk", "hotmail.fr", "live.co.uk", "outlook.de"]);
consumer("yahoo", ["yahoo.com", "ymail.com", "rocketmail.com", "aol.com", "yahoo.co.uk", "yahoo.fr", "yahoo.de", "yahoo.co.jp"]);
consumer("apple", ["icloud.com", "me.com", "mac.com"]);

/** MX host suffixes of each provider's mail servers. */
const MX_SUFFIXES: [string, RecipientProvider][] = [
  ["google.com", "gmail"],
  ["googlemail.com", "gmail"],
  ["outlook.com", "microsoft"],
  ["hotmail.com", "microsoft"],
  ["yahoodns.net", "yahoo"],
  ["yahoo.com", "yahoo"],
  ["aol.com", "yahoo"],
  ["icloud.com", "apple"],
  ["me.com", "apple"],
];

/** The provider of a consumer domain known by name, or null when only its MX can tell. */
export function providerByName(domain: string): RecipientProvider | null {
  return CONSUMER_DOMAINS[domain.toLowerCase()] ?? null;
}

const isUnder = (host: string, suffix: string) => host === suffix || host.endsWith(`.${suffix}`);

/** The provider of the most preferred MX host (lowest preference first, as `<preference> <host>` or bare hosts). */
export function providerOfMx(records: string[]): RecipientProvider {
  const host = records[0]?.split(" ").at(-1)?.toLowerCase().replace(/\.$/, "");
  if (!host) return "other";
  return MX_SUFFIXES.find(([suffix]) => isUnder(host, suffix))?.[1] ?? "other";
}

/** The domain of a recipient address (lower case), or null when it has none. */
export function recipientDomainOf(address: string): string | null {
  const match = /@([^@<>\s]+)>?\s*$/.exec(address);
  return match ? match[1]!.toLowerCase().replace(/\.$/, "") : null;
}
