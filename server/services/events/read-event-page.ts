// One page of an account's event feed (docs/events.md, "Order and cursors").
// Rows are ordered by (writing transaction, sequence) and a page only shows
// transactions older than every transaction still running (the snapshot's
// xmin): a transaction that commits later always sorts after every cursor
// already handed out, so a cursor never skips an event nor repeats one.
import { sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { encodeCursor, type EventType, type FeedEvent, type FeedPosition } from "@/shared/schemas/events";
import { type EventRow, toFeedEvent } from "./event-row";

export type FeedFilter = { types?: EventType[]; domain?: string; mailbox?: string };

/** `cursors[i]` resumes after `items[i]` (the SSE ids). */
export type EventPage = { items: FeedEvent[]; cursors: string[]; nextCursor: string; last: FeedPosition };

const MAX_SEQ = 9223372036854775807n;

type Row = EventRow & { xact: string; seq: string };

const before = (a: FeedPosition, b: FeedPosition) => a.xact < b.xact || (a.xact === b.xact && a.seq < b.seq);

/**
 * The events after `after` (null: from the oldest kept), up to `limit`.
 * `nextCursor` is the last item's position on a full page; on a shorter one
 * it moves up to everything this read could see, so an idle consumer's
 * cursor keeps up and never falls behind the retention horizon.
 */
export async function readEventPage(accountId: string, after: FeedPosition | null, limit: number, filter: FeedFilter): Promise<EventPage> {
  const from = after ?? { xact: 0n, seq: 0n };
  const result = await db().execute<{ xmin: string; horizon: string | null; items: Row[] }>(sql`
    with visible as (select pg_snapshot_xmin(pg_current_snapshot()) as xmin)
    select (select xmin::text from visible) as xmin,
           (select xact_id::text || '.' || seq::text from account_events_horizon) as horizon,
           coalesce((
             select json_agg(page order by page.order_xact, page.order_seq)
               from (select e.id, e.type, e.object_type, e.object_id, e.detail, e.created_at,
                            e.xact_id as order_xact, e.seq as order_seq, e.xact_id::text as xact, e.seq::text as seq
                       from account_events e
                      where e.account_id = ${accountId}
                        and (e.xact_id, e.seq) > (${from.xact.toString()}::xid8, ${from.seq.toString()}::bigint)
                        and e.xact_id < (select xmin from visible)
                        ${filter.types ? sql`and e.type in ${filter.types}` : sql``}
                        ${filter.domain ? sql`and e.domain = ${filter.domain}` : sql``}
                        ${filter.mailbox ? sql`and e.mailbox = ${filter.mailbox}` : sql``}
                      order by e.xact_id, e.seq
                      limit ${limit}) page
           ), '[]'::json) as items`);
  const row = result.rows[0]!;
  if (after && row.horizon) {
    const [xact, seq] = row.horizon.split(".");
    if (before(after, { xact: BigInt(xact!), seq: BigInt(seq!) }))
      throw new AppError("cursor_expired", "This cursor is older than the events kept (30 days); start again without `after`.");
  }
  const items: FeedEvent[] = row.items.map(toFeedEvent);
  const lastRow = row.items.at(-1);
  let last: FeedPosition = lastRow ? { xact: BigInt(lastRow.xact), seq: BigInt(lastRow.seq) } : from;
  if (row.items.length < limit) {
    // Nothing the reader can see lies between the last item and the visibility edge.
    const edge = { xact: BigInt(row.xmin) - 1n, seq: MAX_SEQ };
    if (before(last, edge)) last = edge;
  }
  const cursors = row.items.map((item) => encodeCursor({ xact: BigInt(item.xact), seq: BigInt(item.seq) }));
  return { items, cursors, nextCursor: encodeCursor(last), last };
}
