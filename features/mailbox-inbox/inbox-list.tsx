"use client";
// The inbox's messages, newest first: sender, subject (unread ones marked),
// when and how big; a page of them at a time.
import Link from "next/link";
import { Badge } from "@/components/badge";
import { buttonClass } from "@/components/button-styles";
import { formatDateTime } from "@/components/format-time";
import type { MailboxMessageSummary } from "@/shared/schemas/mailbox-messages";
import { formatBytes } from "./format-bytes";

type InboxListProps = {
  items: MailboxMessageSummary[];
  page: number;
  totalPages: number;
  pageHref: (page: number) => string;
  reading: string | null;
  onOpen: (messageId: string) => void;
};

export function InboxList({ items, page, totalPages, pageHref, reading, onOpen }: InboxListProps) {
  return (
    <div className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60">
      <ul aria-label="Messages" className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => onOpen(item.id)}
              aria-current={reading === item.id ? "true" : undefined}
              className="grid w-full min-w-0 gap-1 px-6 py-3 text-left text-sm hover:bg-zinc-50 aria-[current=true]:bg-indigo-50/60 sm:grid-cols-[14rem_minmax(0,1fr)_auto] sm:items-center sm:gap-4 dark:hover:bg-zinc-800/60 dark:aria-[current=true]:bg-indigo-500/10"
            >
              <span
                className={`truncate ${item.seen ? "text-zinc-600 dark:text-zinc-400" : "font-semibold text-zinc-900 dark:text-white"}`}
              >
                {item.from ?? "—"}
              </span>
              <span className="flex min-w-0 items-center gap-2">
                {item.seen ? null : <Badge tone="info">Unread</Badge>}
                <span
                  className={`truncate ${item.seen ? "text-zinc-700 dark:text-zinc-300" : "font-semibold text-zinc-900 dark:text-white"}`}
                >
                  {item.subject ?? "(no subject)"}
                </span>
              </span>
              <span className="text-xs text-zinc-500 dark:text-zinc-400">
                {formatDateTime(item.receivedAt)} · {formatBytes(item.size)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {totalPages > 1 ? (
        <nav
          aria-label="Inbox pages"
          className="flex items-center justify-between border-t border-zinc-200 px-6 py-3 text-sm dark:border-zinc-800"
        >
          {page > 1 ? (
            <Link href={pageHref(page - 1)} className={buttonClass("secondary", "sm")}>
              Newer
            </Link>
          ) : (
            <span />
          )}
          <span className="text-zinc-500 dark:text-zinc-400">
            Page {page} of {totalPages}
          </span>
          {page < totalPages ? (
            <Link href={pageHref(page + 1)} className={buttonClass("secondary", "sm")}>
              Older
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
