"use client";
// Where a window's mail went, by recipient provider (GET /sending/stats
// ?groupBy=provider): one bar per provider, as long as its share of what was
// sent, with its delivery, bounce and complaint rates beside it.
import { formatPercent } from "@/components/format-percent";
import { QueryState } from "@/components/query-state";
import type { SendingStats, StatCounts } from "@/shared/schemas/stats";
import { type StatsQuery, useSendingStats } from "./use-sending-stats";

const providerNames: Record<string, string> = {
  gmail: "Gmail",
  microsoft: "Microsoft",
  yahoo: "Yahoo",
  apple: "Apple",
  other: "Other",
};

/** The counts the breakdown shows, over the series' window. */
const SHOWN = ["sent", "delivered", "bounced", "complained"] as const;

function totalsOf(series: SendingStats["series"][number]): Pick<StatCounts, (typeof SHOWN)[number]> {
  const total = (counter: (typeof SHOWN)[number]) => series.points.reduce((sum, point) => sum + point[counter], 0);
  return { sent: total("sent"), delivered: total("delivered"), bounced: total("bounced"), complained: total("complained") };
}

function Breakdown({ stats }: { stats: SendingStats }) {
  const rows = stats.series
    .map((series) => ({ key: series.key ?? "other", totals: totalsOf(series) }))
    .filter((row) => row.totals.sent > 0);
  if (rows.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing sent in this window yet.</p>;
  const most = Math.max(...rows.map((row) => row.totals.sent));
  return (
    <table className="w-full text-left text-sm tabular-nums">
      <caption className="sr-only">Mail sent by recipient provider, with its rates</caption>
      <thead className="text-xs text-zinc-600 dark:text-zinc-400">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium">
            Provider
          </th>
          <th scope="col" className="py-1 pr-3 font-medium">
            Sent
          </th>
          <th scope="col" className="hidden py-1 pr-3 text-right font-medium sm:table-cell">
            Delivered
          </th>
          <th scope="col" className="py-1 pr-3 text-right font-medium">
            Bounced
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Complaints
          </th>
        </tr>
      </thead>
      <tbody className="text-zinc-800 dark:text-zinc-200">
        {rows.map((row) => (
          <tr key={row.key} className="border-t border-zinc-100 dark:border-zinc-800" data-testid={`provider-${row.key}`}>
            <th scope="row" className="py-2 pr-3 font-medium">
              {providerNames[row.key] ?? row.key}
            </th>
            <td className="w-1/2 py-2 pr-3">
              <div className="flex items-center gap-2">
                <div
                  aria-hidden="true"
                  className="h-2 min-w-1 rounded-full bg-indigo-600 dark:bg-indigo-400"
                  style={{ width: `${(row.totals.sent / most) * 100}%` }}
                />
                <span>{row.totals.sent.toLocaleString("en-US")}</span>
              </div>
            </td>
            <td className="hidden py-2 pr-3 text-right sm:table-cell">{formatPercent(row.totals.delivered, row.totals.sent)}</td>
            <td className="py-2 pr-3 text-right">{formatPercent(row.totals.bounced, row.totals.sent)}</td>
            <td className="py-2 text-right">{formatPercent(row.totals.complained, row.totals.sent)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ProviderBreakdown({ query }: { query: StatsQuery }) {
  const stats = useSendingStats({ ...query, groupBy: "provider" });
  return (
    <QueryState query={stats} what="the providers" loading={<div aria-hidden="true" className="h-24" />}>
      {(data) => <Breakdown stats={data} />}
    </QueryState>
  );
}
