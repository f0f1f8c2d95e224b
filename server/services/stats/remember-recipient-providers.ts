// Looks up the provider of the recipient domains a delivery batch sends to
// and have not been looked up in the last 30 days, before their outcomes are
// written: the stats trigger files each recipient under the provider stored
// here (docs/deliverability.md, "Providers"). A domain whose MX could not be
// read is left for the next batch; stats count it as `other` meanwhile.
import { sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import type { RecipientProvider } from "@/server/db/schema";
import { createDnsLookup, type DnsLookup } from "@/server/services/domains/dns-lookup";
import { providerByName, providerOfMx, recipientDomainOf } from "./recipient-provider";

const RECHECK_AFTER = "30 days";
/** A batch to many new domains looks up this many; the rest wait for a later batch. */
const LOOKUPS_PER_BATCH = 20;

let lookup: DnsLookup | null = null;
const dns = () => (lookup ??= createDnsLookup());

async function providerOf(domain: string): Promise<RecipientProvider | null> {
  const byName = providerByName(domain);
  if (byName) return byName;
  const mx = await dns().mx(domain);
  if (mx.kind === "unreachable") return null;
  return mx.kind === "found" ? providerOfMx(mx.values) : "other";
}

/** Stores the provider of each recipient's domain not known (or checked more than 30 days ago). */
export async function rememberRecipientProviders(recipients: string[]): Promise<void> {
  const domains = [...new Set(recipients.map(recipientDomainOf).filter((domain): domain is string => domain !== null))];
  if (domains.length === 0) return;
  const known = await db().execute<{ domain: string }>(sql`
    select domain from recipient_providers
     where domain in (select jsonb_array_elements_text(${JSON.stringify(domains)}::jsonb))
       and checked_at > now() - ${RECHECK_AFTER}::interval`);
  const fresh = new Set(known.rows.map((row) => row.domain));
  const unknown = domains.filter((domain) => !fresh.has(domain)).slice(0, LOOKUPS_PER_BATCH);
  if (unknown.length === 0) return;
  const found = await Promise.all(unknown.map(async (domain) => ({ domain, provider: await providerOf(domain) })));
  const rows = found.filter((row) => row.provider !== null);
  if (rows.length === 0) return;
  await db().execute(sql`
    insert into recipient_providers (domain, provider, checked_at)
    select row.domain, row.provider, now() from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as row(domain text, provider text)
    on conflict (domain) do update set provider = excluded.provider, checked_at = excluded.checked_at`);
}
