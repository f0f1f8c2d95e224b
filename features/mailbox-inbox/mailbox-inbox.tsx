"use client";
// /mailboxes/[id]/inbox: the mailbox's messages, newest first, and the one
// being read. Mail storage being offline is said plainly: nothing is lost,
// senders retry, and the inbox comes back when the storage does.
import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/alert";
import { buttonClass } from "@/components/button-styles";
import { LoadError } from "@/components/load-error";
import { PortalApiError } from "@/features/api/portal-fetch";
import { formatDateTime } from "@/components/format-time";
import { formatBytes } from "./format-bytes";
import { InboxMessage } from "./inbox-message";
import { useMailboxMessages } from "./use-mailbox-inbox";

const isStorageOffline = (error: Error) => error instanceof PortalApiError && error.code === "mail_storage_offline";

export function MailboxInbox({ mailboxId, page }: { mailboxId: string; page: number }) {
  const messages = useMailboxMessages(mailboxId, page);
  const [reading, setReading] = useState<string | null>(null);
  const pageHref = (target: number) => `/mailboxes/${encodeURIComponent(mailboxId)}/inbox${target > 1 ? `?page=${target}` : ""}`;
  return (
    <div className="space-y-6">
      <div className="max-w-2xl">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">Inbox</h1>
        <p className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
          Mail delivered to this mailbox, newest first. Mail clients see the same messages over IMAP and POP3.
        </p>
      </div>
      {messages.isPending ? (
        <p role="status" className="text-sm text-zinc-500 dark:text-zinc-400">
          Loading messages…
        </p>
      ) : messages.isError && isStorageOffline(messages.error) ? (
        <Alert title="Mail storage is offline">
          The inbox cannot be read right now. Incoming mail is not lost: senders retry until the storage is back.
        </Alert>
      ) : messages.isError ? (
        <LoadError what="the inbox" query={messages} />
      ) : messages.data.pagination.total === 0 ? (
        <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
          <h2 className="text-sm font-semibold text-zinc-900 dark:text-white">No messages yet</h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Mail sent to this mailbox appears here.</p>
        </div>
      ) : (
        <div className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60">
          <ul aria-label="Messages" className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {messages.data.items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => setReading(item.id)}
                  aria-current={reading === item.id ? "true" : undefined}
                  className="grid w-full gap-1 px-6 py-3 text-left text-sm hover:bg-zinc-50 sm:grid-cols-[14rem_1fr_auto] sm:gap-4 dark:hover:bg-zinc-800/60"
                >
                  <span
                    className={`truncate ${item.seen ? "text-zinc-600 dark:text-zinc-400" : "font-semibold text-zinc-900 dark:text-white"}`}
                  >
                    {item.from ?? "—"}
                  </span>
                  <span
                    className={`truncate ${item.seen ? "text-zinc-700 dark:text-zinc-300" : "font-semibold text-zinc-900 dark:text-white"}`}
                  >
                    {item.seen ? null : <span className="sr-only">Unread: </span>}
                    {item.subject ?? "(no subject)"}
                  </span>
                  <span className="text-xs text-zinc-500 dark:text-zinc-400">
                    {formatDateTime(item.receivedAt)} · {formatBytes(item.size)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {messages.data.pagination.totalPages > 1 ? (
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
                Page {page} of {messages.data.pagination.totalPages}
              </span>
              {page < messages.data.pagination.totalPages ? (
                <Link href={pageHref(page + 1)} className={buttonClass("secondary", "sm")}>
                  Older
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </div>
      )}
      {reading ? <InboxMessage key={reading} mailboxId={mailboxId} messageId={reading} onClosed={() => setReading(null)} /> : null}
    </div>
  );
}
