// GET /sending/stats (docs/deliverability.md): the window's counts by hour or
// day from the hourly or daily rollup plus the rows not yet folded, summed in
// one statement (so a fold running meanwhile changes nothing), then every
// bucket of the window filled in, zeros included.
import { type SQL, sql } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { executeHot } from "@/server/db/prepared";
import { env } from "@/server/config/env";
import { AppError } from "@/server/errors";
import type { SendingPrincipal } from "@/server/services/auth/sending-principal";
import { statsDomainFilter } from "./domain-filter";
import {
  recipientProviders,
  STAT_COUNTERS,
  STATS_MAX_DAYS,
  type SendingStats,
  type SendingStatsQuery,
  type StatCounts,
} from "@/shared/schemas/stats";

const BUCKET_MS = { hour: 3_600_000, day: 86_400_000 } as const;
/** Without `from`: the last 30 days by day, the last 24 hours by hour. */
const DEFAULT_BUCKETS = { hour: 24, day: 30 } as const;

type Window = { interval: "hour" | "day"; from: Date; to: Date };

const floorTo = (at: Date, size: number) => new Date(Math.floor(at.getTime() / size) * size);
const ceilTo = (at: Date, size: number) => new Date(Math.ceil(at.getTime() / size) * size);

function invalid(path: "from" | "to", message: string): AppError {
  return new AppError("validation_error", `${message}.`, { errors: [{ path, message }] });
}

/** The window the query asks for, moved out to whole buckets, within the longest window of its interval. */
export function statsWindow(query: Pick<SendingStatsQuery, "from" | "to" | "interval">, at: Date = now()): Window {
  const size = BUCKET_MS[query.interval];
  const to = query.to ? ceilTo(new Date(query.to), size) : new Date(floorTo(at, size).getTime() + size);
  const from = query.from ? floorTo(new Date(query.from), size) : new Date(to.getTime() - DEFAULT_BUCKETS[query.interval] * size);
  if (from >= to) throw invalid("from", "from must be before to");
  const maxDays = STATS_MAX_DAYS[query.interval];
  if (to.getTime() - from.getTime() > maxDays * BUCKET_MS.day)
    throw invalid("from", `A window by ${query.interval} is at most ${maxDays} days`);
  return { interval: query.interval, from, to };
}

const zeros = (): StatCounts => Object.fromEntries(STAT_COUNTERS.map((counter) => [counter, 0])) as StatCounts;

type Row = { start: Date; key: string | null } & Record<(typeof STAT_COUNTERS)[number], number>;

const counterColumns = sql.raw(STAT_COUNTERS.join(", "));
const counterSums = sql.raw(STAT_COUNTERS.map((counter) => `sum(${counter})::float8 as ${counter}`).join(", "));

function keyOf(groupBy: SendingStatsQuery["groupBy"]): SQL {
  if (groupBy === "provider") return sql`counted.provider`;
  // The test sender's mail has no sending domain: its key is the service's mail host it sends from.
  if (groupBy === "domain") return sql`coalesce(domain.name, nullif(counted.domain_id, ''), ${env().mail.hostname})`;
  return sql`null::text`;
}

/** By day the daily rollup is read (a row a day, not 24); by hour the hourly one. Pending rows are hourly either way. */
const rollupOf = { hour: sql.raw("message_stats"), day: sql.raw("message_stats_daily") } as const;
const timeOf = { hour: sql.raw("hour"), day: sql.raw("day") } as const;

async function countedRows(
  accountId: string,
  window: Window,
  filters: { domainId: string | null; tag: string },
  groupBy: SendingStatsQuery["groupBy"],
) {
  const domain = filters.domainId === null ? sql`` : sql`and domain_id = ${filters.domainId}`;
  const within = (time: SQL) =>
    sql`account_id = ${accountId} and tag = ${filters.tag} and ${time} >= ${window.from} and ${time} < ${window.to} ${domain}`;
  const time = timeOf[window.interval];
  // Prepared once per variant (interval, grouping, domain filter): a chart's requests plan nothing.
  const result = await executeHot<Row>(
    db(),
    "sending-stats",
    sql`
    with counted as (
      select ${time} as start, domain_id, provider, ${counterColumns} from ${rollupOf[window.interval]} where ${within(time)}
      union all
      select date_trunc(${window.interval}, hour, 'UTC'), domain_id, provider, ${counterColumns}
        from message_stats_pending where ${within(sql`hour`)}
    )
    select counted.start, ${keyOf(groupBy)} as key, ${counterSums}
      from counted
      ${groupBy === "domain" ? sql`left join sending_domains domain on domain.id = counted.domain_id` : sql``}
     group by 1, 2`,
  );
  return result.rows;
}

function add(into: StatCounts, row: StatCounts): void {
  for (const counter of STAT_COUNTERS) into[counter] += Number(row[counter]);
}

/** Providers in their fixed order, domains by what they sent (most first). */
function seriesOrder(groupBy: SendingStatsQuery["groupBy"], totals: Map<string | null, StatCounts>) {
  const keys = [...totals.keys()];
  if (groupBy === "provider") return recipientProviders.filter((provider) => totals.has(provider));
  return keys.sort((a, b) => totals.get(b)!.sent - totals.get(a)!.sent || String(a).localeCompare(String(b)));
}

export async function readSendingStats(principal: SendingPrincipal, query: SendingStatsQuery): Promise<SendingStats> {
  const window = statsWindow(query);
  const domainId = await statsDomainFilter(principal, query.domainId);
  const rows = await countedRows(principal.accountId, window, { domainId, tag: query.tag ?? "" }, query.groupBy);
  const size = BUCKET_MS[window.interval];
  const starts: string[] = [];
  for (let at = window.from.getTime(); at < window.to.getTime(); at += size) starts.push(new Date(at).toISOString());
  const byKey = new Map<string | null, Map<string, StatCounts>>();
  const keyTotals = new Map<string | null, StatCounts>();
  const totals = zeros();
  if (!query.groupBy) {
    byKey.set(null, new Map());
    keyTotals.set(null, zeros());
  }
  for (const row of rows) {
    const key = query.groupBy ? row.key : null;
    if (!byKey.has(key)) {
      byKey.set(key, new Map());
      keyTotals.set(key, zeros());
    }
    const start = new Date(row.start).toISOString();
    const points = byKey.get(key)!;
    if (!points.has(start)) points.set(start, zeros());
    add(points.get(start)!, row);
    add(keyTotals.get(key)!, row);
    add(totals, row);
  }
  return {
    interval: window.interval,
    from: window.from.toISOString(),
    to: window.to.toISOString(),
    series: seriesOrder(query.groupBy, keyTotals).map((key) => ({
      key,
      points: starts.map((start) => ({ start, ...(byKey.get(key)!.get(start) ?? zeros()) })),
    })),
    totals,
  };
}
