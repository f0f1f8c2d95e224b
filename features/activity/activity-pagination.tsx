"use client";
// Moving through the activity log's pages; the page number is in the URL, so
// pages are links (Back works, a page can be shared).
import Link from "next/link";
import { Button } from "@/components/button";
import { buttonClass } from "@/components/button-styles";
import { ACTIVITY_PAGE_SIZE } from "./use-activity";

const pageHref = (page: number) => (page <= 1 ? "/activity" : `/activity?page=${page}`);
export const plural = (count: number, word: string) => `${count.toLocaleString()} ${word}${count === 1 ? "" : "s"}`;

export function Pagination({ page, totalPages, total, shown }: { page: number; totalPages: number; total: number; shown: number }) {
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

export function PastTheEnd({ page, totalPages }: { page: number; totalPages: number }) {
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
