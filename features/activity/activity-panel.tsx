"use client";
// The /activity page body: the account's activity log, 20 events a page,
// newest first. The page number lives in the URL (?page=), so a page can be
// bookmarked, shared with support, and reached with Back.
import Link from "next/link";
import { useId } from "react";
import { QueryState } from "@/components/query-state";
import { textLinkClass } from "@/features/auth/auth-card";
import { Pagination, PastTheEnd, plural } from "./activity-pagination";
import { ActivityRow } from "./activity-row";
import { useActivity } from "./use-activity";
import { PageHeader } from "@/components/page-header";
import { DataTable } from "@/components/data-table";

export function ActivityPanel({ page }: { page: number }) {
  const activity = useActivity(page);
  const captionId = useId();

  return (
    <div className="space-y-6">
      <PageHeader
        title="Activity"
        description={
          <>
            Sign-ins, security changes and account updates, newest first. If you see something you did not do,{" "}
            <Link href="/settings" className={textLinkClass}>
              change your password
            </Link>{" "}
            and{" "}
            <Link href="/sessions" className={textLinkClass}>
              sign out other sessions
            </Link>
            .
          </>
        }
      />

      <QueryState
        query={activity}
        what="your activity"
        loading={<LoadingTable />}
        empty={<EmptyState />}
        isEmpty={(data) => data.pagination.total === 0}
      >
        {(data) =>
          data.items.length === 0 ? (
            <PastTheEnd page={page} totalPages={data.pagination.totalPages} />
          ) : (
            <div className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60">
              {/*
            Below md the rows are cards (activity-row.tsx), so nothing is hidden off
            to the side; between md and the table's width it scrolls, focusable so
            keyboard users can scroll it too.
          */}
              <div
                role="region"
                aria-labelledby={captionId}
                tabIndex={0}
                className="overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500"
              >
                <DataTable
                  aria-busy={activity.isPlaceholderData || undefined}
                  className={`transition-opacity max-md:block md:min-w-[46rem] ${activity.isPlaceholderData ? "opacity-60" : ""}`}
                  caption={
                    <caption
                      id={captionId}
                      className="border-b border-zinc-200 bg-zinc-50/80 px-5 py-2.5 text-left max-md:block max-md:px-4 dark:border-zinc-800 dark:bg-zinc-900"
                    >
                      <span className="flex items-center justify-between gap-4">
                        <span className="text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
                          Account activity
                          <span className="sr-only">
                            , page {data.pagination.page} of {data.pagination.totalPages}
                          </span>
                        </span>
                        <span className="text-xs font-normal text-zinc-500 tabular-nums dark:text-zinc-400">
                          {plural(data.pagination.total, "event")}
                        </span>
                      </span>
                    </caption>
                  }
                  headClassName="border-b border-zinc-200 text-xs text-zinc-500 max-md:hidden dark:border-zinc-800 dark:text-zinc-400"
                  columns={["Event", "Time", "IP address", "Device"].map((label) => ({ label, className: "px-5 py-2.5 font-medium" }))}
                >
                  <tbody className="divide-y divide-zinc-200 max-md:block dark:divide-zinc-800">
                    {data.items.map((item) => (
                      <ActivityRow key={item.id} item={item} />
                    ))}
                  </tbody>
                </DataTable>
              </div>
              <Pagination
                page={data.pagination.page}
                totalPages={data.pagination.totalPages}
                total={data.pagination.total}
                shown={data.items.length}
              />
            </div>
          )
        }
      </QueryState>
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
