// The newest events of an account's feed, newest first: the dashboard's
// recent activity (docs/dashboard.md). Same rows and visibility rule as a
// feed page (read-event-page.ts), read backwards on the feed's own index, so
// the dashboard never shows an event the feed does not show yet. A scalar
// subquery (a JSON array of event rows), so the dashboard reads them in its
// own statement; `created_at` is written as the feed page writes it.
import { type SQL, sql } from "drizzle-orm";
import type { Bound } from "@/server/db/prepared";
import type { FeedEvent } from "@/shared/schemas/events";
import { type EventRow, toFeedEvent } from "./event-row";

export function latestEventsJson(accountId: Bound, limit: Bound): SQL {
  return sql`(select coalesce(json_agg(json_build_object(
        'id', e.id, 'type', e.type, 'object_type', e.object_type, 'object_id', e.object_id, 'detail', e.detail,
        'created_at', to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        order by e.xact_id desc, e.seq desc), '[]'::json)
      from (select a.id, a.type, a.object_type, a.object_id, a.detail, a.created_at, a.xact_id, a.seq
              from account_events a
             where a.account_id = ${accountId}
               and a.xact_id < pg_snapshot_xmin(pg_current_snapshot())
             order by a.xact_id desc, a.seq desc
             limit ${limit}) e)`;
}

/** The array `latestEventsJson` gave, in the feed's shape (the driver may hand it over parsed or as text). */
export function latestEventsOf(value: EventRow[] | string | null): FeedEvent[] {
  const rows: EventRow[] = typeof value === "string" ? JSON.parse(value) : (value ?? []);
  return rows.map(toFeedEvent);
}
