"use client";
// One event of the activity log: what happened (with its machine name), who
// did it, when, from which address and on which device.
import type { z } from "zod";
import { formatDateTime, formatRelativeTime } from "@/components/format-time";
import { describeUserAgent } from "@/features/sessions/describe-user-agent";
import { DeviceIcon } from "@/features/sessions/device-icon";
import type { activityItemSchema } from "@/shared/schemas/settings";
import { type ActivityTone, describeActivityType } from "./describe-activity";

type ActivityItem = z.output<typeof activityItemSchema>;

const toneDots: Record<ActivityTone, string> = {
  neutral: "bg-zinc-300 dark:bg-zinc-600",
  positive: "bg-emerald-500",
  warning: "bg-amber-500",
  danger: "bg-red-500",
};

/** The column's name inside a cell, shown only when the row is a card (a phone; the column headers are hidden there). */
function CellLabel({ children }: { children: React.ReactNode }) {
  return (
    <span className="mb-0.5 block text-xs font-medium tracking-wide text-zinc-500 uppercase md:hidden dark:text-zinc-400">{children}</span>
  );
}

// Below md each event is a card: what happened across the top, when below it,
// then the address and the device side by side; no table wider than the screen.
export function ActivityRow({ item }: { item: ActivityItem }) {
  const kind = describeActivityType(item.type);
  const device = describeUserAgent(item.userAgent);
  return (
    <tr className="align-top max-md:grid max-md:grid-cols-2 max-md:gap-x-4 max-md:gap-y-2.5 max-md:px-4 max-md:py-4">
      <th scope="row" className="px-5 py-3.5 text-left font-normal max-md:col-span-2 max-md:p-0">
        <div className="flex items-start gap-3">
          <span className={`mt-1.5 size-2 shrink-0 rounded-full ${toneDots[kind.tone]}`} aria-hidden="true" />
          <div className="min-w-0">
            <p className="font-medium text-zinc-900 dark:text-white">{item.description}</p>
            <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-zinc-500 dark:text-zinc-400">
              {kind.label !== item.description ? (
                <>
                  <span>{kind.label}</span>
                  <span aria-hidden="true">·</span>
                </>
              ) : null}
              <code className="font-mono text-[0.6875rem] text-zinc-500 dark:text-zinc-400">{item.type}</code>
              {item.actorEmail ? (
                <>
                  <span aria-hidden="true">·</span>
                  <span className="break-all" data-testid="activity-actor">
                    by {item.actorEmail}
                  </span>
                </>
              ) : null}
            </p>
          </div>
        </div>
      </th>
      <td className="px-5 py-3.5 whitespace-nowrap text-zinc-700 max-md:col-span-2 max-md:p-0 max-md:whitespace-normal dark:text-zinc-300">
        <CellLabel>Time</CellLabel>
        <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
          {formatRelativeTime(item.createdAt)}
        </time>
        <p className="mt-0.5 text-xs text-zinc-500 max-md:ml-2 max-md:inline dark:text-zinc-400">{formatDateTime(item.createdAt)}</p>
      </td>
      <td className="min-w-0 px-5 py-3.5 whitespace-nowrap max-md:p-0 max-md:whitespace-normal">
        <CellLabel>IP address</CellLabel>
        {item.ipAddress ? (
          <span className="font-mono text-[0.8125rem] break-all text-zinc-700 dark:text-zinc-300">{item.ipAddress}</span>
        ) : (
          <span className="text-zinc-500 dark:text-zinc-400">Unknown</span>
        )}
      </td>
      <td className="min-w-0 px-5 py-3.5 max-md:p-0">
        <CellLabel>Device</CellLabel>
        <span className="flex items-center gap-2 text-zinc-700 dark:text-zinc-300" title={item.userAgent ?? undefined}>
          <span className="text-zinc-400 dark:text-zinc-500 [&>svg]:size-4">
            <DeviceIcon kind={device.kind} />
          </span>
          <span className="md:whitespace-nowrap">{device.label}</span>
        </span>
      </td>
    </tr>
  );
}
