// Every minute: the pending counts the stats trigger appended are added into
// the hourly and the daily rollups and deleted, in one statement (docs/deliverability.md,
// "How stats are kept"). Readers add pending rows in, so they see the same
// totals before and after a fold. Two instances folding at once take
// different rows (SKIP LOCKED) and upsert in key order, so they never
// deadlock. The sending domains that had new counts then have their
// reputation checked (check-reputation.ts).
import { sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { STAT_COUNTERS } from "@/shared/schemas/stats";
import { type CheckedDomain, checkReputation } from "./check-reputation";

/** Rows folded per statement; a backlog takes several. */
const FOLD_BATCH = 20_000;

const columns = sql.raw(STAT_COUNTERS.join(", "));
const sums = sql.raw(STAT_COUNTERS.map((counter) => `sum(${counter})`).join(", "));
const additionsTo = (table: string) =>
  sql.raw(STAT_COUNTERS.map((counter) => `${counter} = ${table}.${counter} + excluded.${counter}`).join(", "));

/** Folds one batch; answers the (account, domain) pairs it had rows of, with how many rows each. */
async function foldOnce(): Promise<{ account_id: string; domain_id: string; folded: number }[]> {
  const result = await db().execute<{ account_id: string; domain_id: string; folded: number }>(sql`
    with taken as (
      delete from message_stats_pending
       where id in (select id from message_stats_pending order by id limit ${FOLD_BATCH} for update skip locked)
   returning *
    ), folded as (
      insert into message_stats (account_id, hour, domain_id, provider, tag, ${columns})
      select account_id, hour, domain_id, provider, tag, ${sums}
        from taken
       group by account_id, hour, domain_id, provider, tag
       order by account_id, hour, domain_id, provider, tag
      on conflict (account_id, hour, domain_id, provider, tag) do update set ${additionsTo("message_stats")}
    ), folded_daily as (
      insert into message_stats_daily (account_id, day, domain_id, provider, tag, ${columns})
      select account_id, date_trunc('day', hour, 'UTC'), domain_id, provider, tag, ${sums}
        from taken
       group by account_id, date_trunc('day', hour, 'UTC'), domain_id, provider, tag
       order by account_id, date_trunc('day', hour, 'UTC'), domain_id, provider, tag
      on conflict (account_id, day, domain_id, provider, tag) do update set ${additionsTo("message_stats_daily")}
    )
    select account_id, domain_id, count(*)::int as folded from taken group by account_id, domain_id`);
  return result.rows;
}

/** Folds every pending row there is, then checks the reputation of the sending domains that had any; answers how many rows. */
export async function foldMessageStats(): Promise<number> {
  let total = 0;
  const touched = new Map<string, CheckedDomain>();
  for (;;) {
    const groups = await foldOnce();
    const folded = groups.reduce((sum, group) => sum + group.folded, 0);
    total += folded;
    for (const group of groups)
      if (group.domain_id)
        touched.set(`${group.account_id} ${group.domain_id}`, { accountId: group.account_id, domainId: group.domain_id });
    if (folded < FOLD_BATCH) break;
  }
  await checkReputation([...touched.values()]);
  return total;
}
