"use client";
// How mail landed over a window, as the dashboard and a domain's page show it:
// the window's rates, then sent and delivered on the left axis with bounces and
// complaints on the right (small counts stay visible beside large ones). A click
// on a day lists that day's messages.
import { formatPercent } from "@/components/format-percent";
import { useMemo, useRef } from "react";
import { useNearScreen } from "@/components/use-near-screen";
import { QueryState } from "@/components/query-state";
import { type ChartLine, TimeSeriesChart } from "@/components/time-series-chart";
import { messagesHref } from "@/features/messages/message-filters";
import type { SendingStats, StatCounts } from "@/shared/schemas/stats";
import { type StatsQuery, useSendingStats } from "./use-sending-stats";

const LINES: { counter: keyof StatCounts; label: string; color: ChartLine["color"]; secondary?: boolean }[] = [
  { counter: "sent", label: "Sent", color: { light: "#4f46e5", dark: "#818cf8" } },
  { counter: "delivered", label: "Delivered", color: { light: "#059669", dark: "#34d399" } },
  { counter: "bounced", label: "Bounced", color: { light: "#d97706", dark: "#fbbf24" }, secondary: true },
  { counter: "complained", label: "Complaints", color: { light: "#dc2626", dark: "#f87171" }, secondary: true },
];

/** The window's rates, of the recipients handed off. */
function Rates({ totals }: { totals: StatCounts }) {
  const rates = [
    { label: "Sent", value: totals.sent.toLocaleString("en-US") },
    { label: "Delivered", value: formatPercent(totals.delivered, totals.sent, 2) },
    { label: "Bounced", value: formatPercent(totals.bounced, totals.sent, 2) },
    { label: "Complaints", value: formatPercent(totals.complained, totals.sent, 2) },
    { label: "Opened", value: formatPercent(totals.opened, totals.sent, 2) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" aria-label="Rates over the window">
      {rates.map((rate) => (
        <div key={rate.label}>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">{rate.label}</dt>
          <dd className="text-lg font-semibold text-zinc-900 tabular-nums dark:text-white" data-testid={`rate-${rate.label}`}>
            {rate.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Chart({ stats, label }: { stats: SendingStats; label: string }) {
  const series = stats.series[0];
  const starts = useMemo(() => series?.points.map((point) => point.start) ?? [], [series]);
  const lines = useMemo(
    () => LINES.map((line) => ({ ...line, values: series?.points.map((point) => point[line.counter]) ?? [] })),
    [series],
  );
  const size = stats.interval === "day" ? 86_400_000 : 3_600_000;
  const hrefFor = (index: number) =>
    messagesHref({ since: starts[index], until: new Date(Date.parse(starts[index]!) + size).toISOString() });
  return (
    <TimeSeriesChart label={label} starts={starts} interval={stats.interval} lines={lines} hrefFor={hrefFor} testId="delivery-chart" />
  );
}

export function DeliveryChart({ query, label }: { query: StatsQuery; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  // Read once the section comes near the screen: below the fold, the page's first paint does not wait on it.
  const stats = useSendingStats(query, { enabled: useNearScreen(box) });
  return (
    <div ref={box}>
      <QueryState query={stats} what="your sending stats" loading={<div aria-hidden="true" className="h-80" />}>
        {(data) => (
          <div className="space-y-5">
            <Rates totals={data.totals} />
            <Chart stats={data} label={label} />
          </div>
        )}
      </QueryState>
    </div>
  );
}
