// Retention of the event feed (docs/events.md, "Retention"): events older than
// 30 days go, as a prefix of the feed's order, and the horizon row remembers
// where that prefix ends so a cursor from before it answers 410.
import { sql } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";

export const EVENT_RETENTION_MS = 30 * 24 * 3600 * 1000;

/** Removes the feed's oldest events (by position, up to the newest one past the retention); returns how many. */
export async function pruneEvents(at: Date = now()): Promise<number> {
  const cutoff = new Date(at.getTime() - EVENT_RETENTION_MS);
  const result = await db().execute<{ removed: number }>(sql`
    with edge as (
      select xact_id, seq from account_events
       where created_at < ${cutoff.toISOString()}::timestamptz and xact_id < pg_snapshot_xmin(pg_current_snapshot())
       order by xact_id desc, seq desc limit 1
    ), horizon as (
      insert into account_events_horizon (singleton, xact_id, seq, pruned_at)
      select true, xact_id, seq, now() from edge
      on conflict (singleton) do update set xact_id = excluded.xact_id, seq = excluded.seq, pruned_at = excluded.pruned_at
       where (account_events_horizon.xact_id, account_events_horizon.seq) < (excluded.xact_id, excluded.seq)
      returning 1
    ), removed as (
      delete from account_events e using edge where (e.xact_id, e.seq) <= (edge.xact_id, edge.seq) returning 1
    )
    select (select count(*) from removed)::int as removed, (select count(*) from horizon) as moved`);
  return result.rows[0]?.removed ?? 0;
}
