"use client";
// Counts per time bucket as a line chart, drawn by uPlot (docs/design-decisions.md,
// "Charts"), which is loaded when a chart first comes near the screen, so it
// stays out of every page's first-load JavaScript and a chart below the fold
// costs the first paint nothing. The same numbers are in a table under the chart
// (for screen readers, and for anyone who wants the figures); each row, like a
// click on the chart, can link to what the bucket holds.
import "uplot/dist/uPlot.min.css";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type uPlot from "uplot";
import { useNearScreen } from "./use-near-screen";

export type ChartLine = {
  label: string;
  values: number[];
  /** Stroke colours for the light and the dark theme. */
  color: { light: string; dark: string };
  /** Lines on the right-hand axis (small counts beside large ones: bounces beside sends). */
  secondary?: boolean;
};

type Props = {
  /** Names the chart for assistive technology and heads its table. */
  label: string;
  /** Each bucket's start (ISO, UTC). */
  starts: string[];
  interval: "hour" | "day";
  lines: ChartLine[];
  /** Where a bucket's contents are listed (its table row links there; a click on the chart goes there). */
  hrefFor?: (index: number) => string;
  onSelect?: (index: number) => void;
  height?: number;
  testId?: string;
};

const isDark = () => document.documentElement.dataset.theme === "dark";

/** The theme on <html>, followed as the toggle changes it. */
function useDarkTheme(): boolean {
  const [dark, setDark] = useState(false);
  useEffect(() => {
    setDark(isDark());
    const observer = new MutationObserver(() => setDark(isDark()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
    return () => observer.disconnect();
  }, []);
  return dark;
}

export const bucketLabel = (iso: string, interval: "hour" | "day") =>
  interval === "day"
    ? new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" })
    : `${new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" })} ${iso.slice(11, 16)}`;

function chartOptions(props: Props, width: number, dark: boolean, onClick: (index: number) => void, uplot: typeof uPlot): uPlot.Options {
  const axis = dark ? "#a1a1aa" : "#52525b";
  const grid = dark ? "#27272a" : "#e4e4e7";
  const hasSecondary = props.lines.some((line) => line.secondary);
  const axisStyle = {
    stroke: axis,
    grid: { stroke: grid, width: 1 },
    ticks: { stroke: grid, width: 1 },
    font: "12px system-ui, sans-serif",
  };
  return {
    width,
    height: props.height ?? 240,
    // Bucket labels in UTC, as the API counts them.
    tzDate: (seconds) => uplot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
    cursor: { points: { size: 7 }, drag: { x: false, y: false } },
    legend: { show: true, live: true },
    scales: {
      x: { time: true },
      count: { range: (_u, _min, max) => [0, Math.max(4, max * 1.1)] },
      small: { range: (_u, _min, max) => [0, Math.max(4, max * 1.2)] },
    },
    axes: [
      {
        ...axisStyle,
        space: 60,
        // "8 Nov" by day, "14:00" by hour (with the date at midnight), in UTC.
        values: (_u: uPlot, splits: number[]) =>
          splits.map((seconds) => {
            const iso = new Date(seconds * 1000).toISOString();
            if (props.interval === "day" || iso.slice(11, 16) === "00:00") return bucketLabel(iso, "day");
            return iso.slice(11, 16);
          }),
      },
      { ...axisStyle, scale: "count", size: 48 },
      ...(hasSecondary ? [{ ...axisStyle, scale: "small", side: 1, size: 40, grid: { show: false } }] : []),
    ],
    series: [
      {
        label: props.interval === "day" ? "Day" : "Hour",
        value: (_u, seconds) => (seconds == null ? "" : bucketLabel(new Date(seconds * 1000).toISOString(), props.interval)),
      },
      ...props.lines.map((line) => ({
        label: line.label,
        scale: line.secondary ? "small" : "count",
        stroke: dark ? line.color.dark : line.color.light,
        width: 2,
        // A point per bucket where there is room for one.
        points: { show: width / Math.max(1, props.starts.length) >= 14 },
        value: (_u: uPlot, value: number | null) => (value == null ? "" : value.toLocaleString("en-US")),
      })),
    ],
    hooks: {
      ready: [
        (chart) => {
          chart.over.addEventListener("click", () => {
            if (chart.cursor.idx != null) onClick(chart.cursor.idx);
          });
          if (props.hrefFor || props.onSelect) chart.over.style.cursor = "pointer";
        },
      ],
    },
  };
}

export function TimeSeriesChart(props: Props) {
  const box = useRef<HTMLDivElement>(null);
  const dark = useDarkTheme();
  const near = useNearScreen(box);
  const [tableOpen, setTableOpen] = useState(false);
  const router = useRouter();
  const latest = useRef({ ...props, push: router.push });
  latest.current = { ...props, push: router.push };
  const { starts, lines } = props;

  useEffect(() => {
    const element = box.current;
    if (!element || !near) return;
    let chart: uPlot | null = null;
    let cancelled = false;
    const observer = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height: latest.current.height ?? 240 }));
    void import("uplot").then(({ default: uplot }) => {
      if (cancelled) return;
      const select = (index: number) => {
        const current = latest.current;
        current.onSelect?.(index);
        if (current.hrefFor) current.push(current.hrefFor(index));
      };
      const data: uPlot.AlignedData = [starts.map((iso) => Date.parse(iso) / 1000), ...lines.map((line) => line.values)];
      chart = new uplot(chartOptions(latest.current, element.clientWidth, dark, select, uplot), data, element);
      observer.observe(element);
    });
    return () => {
      cancelled = true;
      observer.disconnect();
      chart?.destroy();
    };
  }, [starts, lines, dark, near]);

  return (
    <figure className="space-y-3" data-testid={props.testId}>
      <div
        ref={box}
        role="img"
        aria-label={`${props.label}: chart (the same numbers are in the table below)`}
        className="min-h-60 w-full"
      />
      <details className="text-sm" onToggle={(event) => setTableOpen(event.currentTarget.open)}>
        <summary className="cursor-pointer text-zinc-700 hover:text-zinc-900 dark:text-zinc-300 dark:hover:text-white">
          Show as a table
        </summary>
        {/* Rendered once opened: a month of rows with a link each is work the first paint does not need. */}
        {tableOpen ? (
          <div className="mt-2 max-h-80 overflow-auto">
            <table className="w-full text-left tabular-nums">
              <caption className="sr-only">{props.label}</caption>
              <thead className="text-xs text-zinc-600 dark:text-zinc-400">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {props.interval === "day" ? "Day (UTC)" : "Hour (UTC)"}
                  </th>
                  {lines.map((line) => (
                    <th key={line.label} scope="col" className="py-1 pr-3 text-right font-medium">
                      {line.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="text-zinc-800 dark:text-zinc-200">
                {starts.map((start, index) => (
                  <tr key={start} className="border-t border-zinc-100 dark:border-zinc-800">
                    <th scope="row" className="py-1 pr-3 font-normal">
                      {props.hrefFor ? (
                        <Link href={props.hrefFor(index)} className="text-indigo-700 hover:underline dark:text-indigo-300">
                          {bucketLabel(start, props.interval)}
                        </Link>
                      ) : (
                        bucketLabel(start, props.interval)
                      )}
                    </th>
                    {lines.map((line) => (
                      <td key={line.label} className="py-1 pr-3 text-right">
                        {(line.values[index] ?? 0).toLocaleString("en-US")}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </details>
      <figcaption className="text-xs text-zinc-500 dark:text-zinc-400">
        {props.hrefFor ? "Times are UTC. Click a point, or a row of the table, to see what was sent then." : "Times are UTC."}
      </figcaption>
    </figure>
  );
}
