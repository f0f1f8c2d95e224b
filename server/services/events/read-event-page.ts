// One page of an account's event feed (docs/events.md, "Order and cursors").
// Rows are ordered by (writing transaction, sequence) and a page only shows
// transactions older than every transaction still running (the snapshot's
// xmin): a transaction that commits later always sorts after every cursor
// already handed out, so a cursor never skips an event nor repeats one.
import { pool } from "@/server/db/client";
import { statementName } from "@/server/db/prepared";
import { AppError } from "@/server/errors";
import { encodeCursor, type EventType, type FeedEvent, type FeedPosition } from "@/shared/schemas/events";

export type FeedFilter = { types?: EventType[]; domain?: string; mailbox?: string };

/** `positions[i]` is where `items[i]` stands ("<xact>.<seq>"): its cursor (`cursorOfPosition`) is the SSE id. */
export type EventPage = { items: FeedEvent[]; positions: string[]; nextCursor: string; last: FeedPosition };

const MAX_SEQ = 9223372036854775807n;

/**
 * Plain rows, each event already in its answer's shape (`createdAt` as
 * `toISOString` writes it): aggregating them into JSON in the database and
 * parsing that again cost more than the rows (docs/events.md, "Measured").
 * Every row also carries the visibility edge and the retention horizon; with
 * no event, one row carries only them. Filters add their conditions, so each
 * filter's statement is planned for it.
 */
function pageSql(filter: FeedFilter): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const parameter = (value: unknown) => `$${values.push(value) + 4}`;
  const conditions = [
    filter.types ? `and a.type = any(${parameter(filter.types)}::text[])` : "",
    filter.domain ? `and a.domain = ${parameter(filter.domain)}::text` : "",
    filter.mailbox ? `and a.mailbox = ${parameter(filter.mailbox)}::text` : "",
  ].join(" ");
  const text = `
  with visible as (select pg_snapshot_xmin(pg_current_snapshot()) as xmin)
  select v.xmin::text as xmin, h.horizon, e.id, e.type, e.object_type, e.object_id, e.detail, e.created_at, e.position
    from visible v
    left join lateral (select xact_id::text || '.' || seq::text as horizon from account_events_horizon limit 1) h on true
    left join lateral (
      select a.id, a.type, a.object_type, a.object_id, a.detail, a.xact_id, a.seq,
             to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
             a.xact_id::text || '.' || a.seq::text as position
        from account_events a
       where a.account_id = $1
         and (a.xact_id, a.seq) > ($2::xid8, $3::bigint)
         and a.xact_id < v.xmin
         ${conditions}
       order by a.xact_id, a.seq
       limit $4) e on true
   order by e.xact_id, e.seq`;
  return { text, values };
}

/**
 * The feed without filters, the read every consumer and stream makes, is
 * prepared once per connection: planning it cost as much as running it.
 * Filtered reads stay planned with their values.
 */
const UNFILTERED_SQL = pageSql({}).text;

/** The statement's columns, in order: rows come as arrays, which the driver builds faster than objects (a tenth of a page's parsing). */
type Row = [
  xmin: string,
  horizon: string | null,
  id: string | null,
  type: EventType,
  objectType: string,
  objectId: string,
  detail: Record<string, unknown>,
  createdAt: string,
  position: string,
];

const before = (a: FeedPosition, b: FeedPosition) => a.xact < b.xact || (a.xact === b.xact && a.seq < b.seq);

function positionOf(text: string): FeedPosition {
  const dot = text.indexOf(".");
  return { xact: BigInt(text.slice(0, dot)), seq: BigInt(text.slice(dot + 1)) };
}

/**
 * The events after `after` (null: from the oldest kept), up to `limit`.
 * `nextCursor` is the last item's position on a full page; on a shorter one
 * it moves up to everything this read could see, so an idle consumer's
 * cursor keeps up and never falls behind the retention horizon.
 */
export async function readEventPage(accountId: string, after: FeedPosition | null, limit: number, filter: FeedFilter): Promise<EventPage> {
  const from = after ?? { xact: 0n, seq: 0n };
  const values: unknown[] = [accountId, from.xact.toString(), from.seq.toString(), limit];
  const filtered = filter.types || filter.domain || filter.mailbox ? pageSql(filter) : null;
  const { rows } = await pool().query<Row>(
    filtered
      ? { text: filtered.text, values: [...values, ...filtered.values], rowMode: "array" }
      : { name: statementName("account_events_page"), text: UNFILTERED_SQL, values, rowMode: "array" },
  );
  const [xmin, horizon, firstId] = rows[0]!;
  if (after && horizon && before(after, positionOf(horizon)))
    throw new AppError("cursor_expired", "This cursor is older than the events kept (30 days); start again without `after`.");
  const events = firstId === null ? [] : rows;
  const items = events.map(
    ([, , id, type, objectType, objectId, detail, createdAt]) =>
      ({ id, type, createdAt, object: { type: objectType, id: objectId }, detail }) as FeedEvent,
  );
  const positions = events.map((row) => row[8]);
  let last: FeedPosition = positions.length > 0 ? positionOf(positions.at(-1)!) : from;
  if (events.length < limit) {
    // Nothing the reader can see lies between the last item and the visibility edge.
    const edge = { xact: BigInt(xmin) - 1n, seq: MAX_SEQ };
    if (before(last, edge)) last = edge;
  }
  return { items, positions, nextCursor: encodeCursor(last), last };
}
