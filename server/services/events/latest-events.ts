// The newest events of an account's feed, newest first: the dashboard's
// recent activity (docs/dashboard.md). Same rows and visibility rule as a
// feed page (read-event-page.ts), read backwards on the feed's own index, so
// the dashboard never shows an event the feed does not show yet.
import { sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { executeHot } from "@/server/db/prepared";
import type { FeedEvent } from "@/shared/schemas/events";
import { type EventRow, toFeedEvent } from "./event-row";

export async function latestEvents(accountId: string, limit: number): Promise<FeedEvent[]> {
  const result = await executeHot<EventRow>(
    db(),
    "latest-events",
    sql`
    select e.id, e.type, e.object_type, e.object_id, e.detail, e.created_at
      from account_events e
     where e.account_id = ${accountId}
       and e.xact_id < pg_snapshot_xmin(pg_current_snapshot())
     order by e.xact_id desc, e.seq desc
     limit ${limit}`,
  );
  return result.rows.map(toFeedEvent);
}
