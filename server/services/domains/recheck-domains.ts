// The background re-check (queue "domains.recheck", every 5 minutes): pending
// domains every 15 minutes (they fail 72 hours after they were added), domains
// in temporary_failure every 15 minutes for 72 hours and daily after that,
// verified domains daily. Failed domains are checked only when the owner asks.
import { asc, sql } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { sendingDomains } from "@/server/db/schema";
import { logger } from "@/server/logger";
import { checkDomain } from "./check-domain";
import { createDnsLookup, type DnsLookup } from "./dns-lookup";

/** Per run; the rest wait for the next run, oldest check first. */
const BATCH = 200;
const PARALLEL = 5;

export async function findDomainsDueForCheck(at: Date, limit = BATCH): Promise<string[]> {
  // The schedule runs every 5 minutes, so a domain due "every 15 minutes" is taken
  // once its last check is 14 minutes old (not 15, or a run a moment early would skip it).
  const rows = await db()
    .select({ id: sendingDomains.id })
    .from(sendingDomains)
    .where(
      sql`${sendingDomains.status} <> 'failed' and (${sendingDomains.lastCheckedAt} is null or ${sendingDomains.lastCheckedAt} <= case
        when ${sendingDomains.status} = 'pending'
          or (${sendingDomains.status} = 'temporary_failure' and ${sendingDomains.statusChangedAt} > ${at}::timestamptz - interval '72 hours')
        then ${at}::timestamptz - interval '14 minutes'
        else ${at}::timestamptz - interval '23 hours 55 minutes' end)`,
    )
    .orderBy(sql`${sendingDomains.lastCheckedAt} asc nulls first`, asc(sendingDomains.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Checks every due domain as of `at` (the clock is a parameter so tests can move it). */
export async function recheckDueDomains(
  at: Date = now(),
  lookup: DnsLookup = createDnsLookup(),
): Promise<{ checked: number; changed: number }> {
  const due = await findDomainsDueForCheck(at);
  let checked = 0;
  let changed = 0;
  const queue = [...due];
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL, queue.length) }, async () => {
      for (let id = queue.shift(); id; id = queue.shift()) {
        try {
          const outcome = await checkDomain(id, { at, lookup });
          checked += 1;
          if (outcome.previousStatus !== outcome.domain.status) changed += 1;
        } catch (error) {
          // A domain deleted meanwhile, or a database hiccup: the next run tries again.
          logger().warn({ err: error, domainId: id }, "domain re-check failed");
        }
      }
    }),
  );
  if (checked > 0) logger().info({ checked, changed }, "sending domains re-checked");
  return { checked, changed };
}
