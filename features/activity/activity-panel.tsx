"use client";
// The /activity page body: the account's activity log, 20 events a page,
// newest first. The page number lives in the URL (?page=), so a page can be
// bookmarked, shared with support, and reached with Back.
import Link from "next/link";
import { useId } from "react";
import type { z } from "zod";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/button";
import { buttonClass } from "@/components/button-styles";
import { textLinkClass } from "@/features/auth/auth-card";
import { describeUserAgent } from "@/features/sessions/describe-user-agent";
import { DeviceIcon } from "@/features/sessions/device-icon";
import { formatDateTime, formatRelativeTime } from "@/features/sessions/format-time";
import type { activityItemSchema } from "@/shared/schemas/settings";
import { type ActivityTone, describeActivityType } from "./describe-activity";
import { ACTIVITY_PAGE_SIZE, useActivity } from "./use-activity";

type ActivityItem = z.output<typeof activityItemSchema>;

const pageHref = (page: number) => (page <= 1 ? "/activity" : `/activity?page=${page}`);
const plural = (count: number, word: string) => `${count.toLocaleString()} ${word}${count === 1 ? "" : "s"}`;

export function ActivityPanel({ page }: { page: number }) {
  const activity = useActivity(page);
  const captionId = useId();

  return (
    <div className="space-y-6">
      <div className="max-w-2xl">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">Activity</h1>
        <p className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
          Sign-ins, security changes and account updates, newest first. If you see something you did not do,{" "}
          <Link href="/settings" className={textLinkClass}>
            change your password
          </Link>{" "}
          and{" "}
          <Link href="/sessions" className={textLinkClass}>
            sign out other sessions
          </Link>
          .
        </p>
      </div>

      {activity.isPending ? (
        <LoadingTable />
      ) : activity.isError ? (
        <LoadError what="your activity" query={activity} />
      ) : activity.data.pagination.total === 0 ? (
        <EmptyState />
      ) : activity.data.items.length === 0 ? (
        <PastTheEnd page={page} totalPages={activity.data.pagination.totalPages} />
      ) : (
        <div className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60">
          {/* Scrolls sideways on narrow screens; focusable so keyboard users can scroll it too. */}
          <div
            role="region"
            aria-labelledby={captionId}
            tabIndex={0}
            className="overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500"
          >
            <table
              aria-busy={activity.isPlaceholderData || undefined}
              className={`w-full min-w-[46rem] text-left text-sm transition-opacity ${activity.isPlaceholderData ? "opacity-60" : ""}`}
            >
              <caption
                id={captionId}
                className="border-b border-zinc-200 bg-zinc-50/80 px-5 py-2.5 text-left dark:border-zinc-800 dark:bg-zinc-900"
              >
                <span className="flex items-center justify-between gap-4">
                  <span className="text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
                    Account activity
                    <span className="sr-only">
                      , page {activity.data.pagination.page} of {activity.data.pagination.totalPages}
                    </span>
                  </span>
                  <span className="text-xs font-normal text-zinc-500 tabular-nums dark:text-zinc-400">
                    {plural(activity.data.pagination.total, "event")}
                  </span>
                </span>
              </caption>
              <thead className="border-b border-zinc-200 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
                <tr>
                  <th scope="col" className="px-5 py-2.5 font-medium">
                    Event
                  </th>
                  <th scope="col" className="px-5 py-2.5 font-medium">
                    Time
                  </th>
                  <th scope="col" className="px-5 py-2.5 font-medium">
                    IP address
                  </th>
                  <th scope="col" className="px-5 py-2.5 font-medium">
                    Device
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {activity.data.items.map((item) => (
                  <ActivityRow key={item.id} item={item} />
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={activity.data.pagination.page}
            totalPages={activity.data.pagination.totalPages}
            total={activity.data.pagination.total}
            shown={activity.data.items.length}
          />
        </div>
      )}
    </div>
  );
}

const toneDots: Record<ActivityTone, string> = {
  neutral: "bg-zinc-300 dark:bg-zinc-600",
  positive: "bg-emerald-500",
  warning: "bg-amber-500",
  danger: "bg-red-500",
};

function ActivityRow({ item }: { item: ActivityItem }) {
  const kind = describeActivityType(item.type);
  const device = describeUserAgent(item.userAgent);
  return (
    <tr className="align-top">
      <th scope="row" className="px-5 py-3.5 font-normal">
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
            </p>
          </div>
        </div>
      </th>
      <td className="px-5 py-3.5 whitespace-nowrap text-zinc-700 dark:text-zinc-300">
        <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
          {formatRelativeTime(item.createdAt)}
        </time>
        <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{formatDateTime(item.createdAt)}</p>
      </td>
      <td className="px-5 py-3.5 whitespace-nowrap">
        {item.ipAddress ? (
          <span className="font-mono text-[0.8125rem] text-zinc-700 dark:text-zinc-300">{item.ipAddress}</span>
        ) : (
          <span className="text-zinc-500 dark:text-zinc-400">Unknown</span>
        )}
      </td>
      <td className="px-5 py-3.5">
        <span className="flex items-center gap-2 text-zinc-700 dark:text-zinc-300" title={item.userAgent ?? undefined}>
          <span className="text-zinc-400 dark:text-zinc-500 [&>svg]:size-4">
            <DeviceIcon kind={device.kind} />
          </span>
          <span className="whitespace-nowrap">{device.label}</span>
        </span>
      </td>
    </tr>
  );
}

function Pagination({ page, totalPages, total, shown }: { page: number; totalPages: number; total: number; shown: number }) {
  const first = (page - 1) * ACTIVITY_PAGE_SIZE + 1;
  return (
    <nav
      aria-label="Activity pages"
      className="flex flex-col gap-3 border-t border-zinc-200 bg-zinc-50/80 px-5 py-3 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800 dark:bg-zinc-900"
    >
      <p className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">
        Showing {first.toLocaleString()}–{(first + shown - 1).toLocaleString()} of {total.toLocaleString()}
      </p>
      <div className="flex items-center gap-3">
        <PageLink page={page - 1} disabled={page <= 1} rel="prev">
          Previous
        </PageLink>
        <p className="text-sm font-medium whitespace-nowrap text-zinc-700 tabular-nums dark:text-zinc-300">
          Page {page} of {totalPages}
        </p>
        <PageLink page={page + 1} disabled={page >= totalPages} rel="next">
          Next
        </PageLink>
      </div>
    </nav>
  );
}

function PageLink({ page, disabled, rel, children }: { page: number; disabled: boolean; rel: "prev" | "next"; children: string }) {
  // Nowhere to go: a disabled button in its place, so the layout does not jump.
  if (disabled) {
    return (
      <Button variant="secondary" size="sm" disabled>
        {children}
      </Button>
    );
  }
  return (
    <Link href={pageHref(page)} rel={rel} className={buttonClass("secondary", "sm")}>
      {children}
    </Link>
  );
}

function PastTheEnd({ page, totalPages }: { page: number; totalPages: number }) {
  return (
    <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
      <h2 className="text-sm font-semibold text-zinc-900 dark:text-white">There is no page {page}</h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Your activity fills {plural(totalPages, "page")}.</p>
      <Link href={pageHref(totalPages)} className={`${buttonClass("secondary", "sm")} mt-4`}>
        Go to the last page
      </Link>
    </div>
  );
}

function EmptyState() {
  return (
    <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
      <h2 className="text-sm font-semibold text-zinc-900 dark:text-white">No activity yet</h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Sign-ins and changes to your account will be listed here.</p>
    </div>
  );
}

function LoadingTable() {
  return (
    <div role="status" aria-live="polite" className="overflow-hidden rounded-xl border border-zinc-200 dark:border-zinc-800">
      <span className="sr-only">Loading activity…</span>
      {[0, 1, 2, 3].map((row) => (
        <div
          key={row}
          aria-hidden="true"
          className="flex animate-pulse items-center gap-6 border-zinc-200 px-5 py-4 not-first:border-t dark:border-zinc-800"
        >
          <div className="flex-1 space-y-2">
            <div className="h-3.5 w-56 max-w-full rounded bg-zinc-100 dark:bg-zinc-800" />
            <div className="h-3 w-32 rounded bg-zinc-100 dark:bg-zinc-800" />
          </div>
          <div className="hidden h-3 w-24 rounded bg-zinc-100 sm:block dark:bg-zinc-800" />
          <div className="hidden h-3 w-20 rounded bg-zinc-100 sm:block dark:bg-zinc-800" />
        </div>
      ))}
    </div>
  );
}
