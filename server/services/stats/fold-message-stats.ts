// Every minute: the pending counts the stats trigger appended are added into
// the hourly rollup and deleted, in one statement (docs/deliverability.md,
// "How stats are kept"). Readers add pending rows in, so they see the same
// totals before and after a fold. Two instances folding at once take
// different rows (SKIP LOCKED) and upsert in key order, so they never
// deadlock.
import { sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { STAT_COUNTERS } from "@/shared/schemas/stats";

/** Rows folded per statement; a backlog takes several. */
const FOLD_BATCH = 20_000;

const columns = sql.raw(STAT_COUNTERS.join(", "));
const sums = sql.raw(STAT_COUNTERS.map((counter) => `sum(${counter})`).join(", "));
const additions = sql.raw(STAT_COUNTERS.map((counter) => `${counter} = message_stats.${counter} + excluded.${counter}`).join(", "));

async function foldOnce(): Promise<number> {
  const result = await db().execute<{ folded: number }>(sql`
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
      on conflict (account_id, hour, domain_id, provider, tag) do update set ${additions}
    )
    select count(*)::int as folded from taken`);
  return result.rows[0]?.folded ?? 0;
}

/** Folds every pending row there is; answers how many. */
export async function foldMessageStats(): Promise<number> {
  let total = 0;
  for (;;) {
    const folded = await foldOnce();
    total += folded;
    if (folded < FOLD_BATCH) return total;
  }
}
