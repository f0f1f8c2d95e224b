"use client";
// /messages: what the account sent with the sending API or over SMTP, newest first.
import Link from "next/link";
import { QueryState } from "@/components/query-state";
import { buttonClass } from "@/components/button-styles";
import { textLinkClass } from "@/features/auth/auth-card";
import { formatDateTime, formatRelativeTime } from "@/components/format-time";
import type { MessageSource } from "@/shared/schemas/messages";
import { type MessageFilters, messagesHref } from "./message-filters";
import { sourceLabels } from "./message-labels";
import { MessagesFilterForm } from "./messages-filter-form";
import { MessageStatusBadge } from "./message-status-badge";
import { useMessages } from "./use-messages";
import { PageHeader } from "@/components/page-header";
import { DataTable } from "@/components/data-table";

export function MessagesPanel({ page, filters = {} }: { page: number; filters?: MessageFilters }) {
  const messages = useMessages(page, filters);
  const filtered = Object.values(filters).some(Boolean);
  const pageHref = (target: number) => messagesHref(filters, target);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Messages"
        description={
          <>
            Email you sent with the API (<code className="font-mono text-[0.8125rem]">POST /api/v1/sending/messages</code>) or over{" "}
            <Link href="/smtp" className={textLinkClass}>
              SMTP
            </Link>
            , newest first; each says which. Create a key on the{" "}
            <Link href="/api-keys" className={textLinkClass}>
              API keys
            </Link>{" "}
            page to send.
          </>
        }
      />
      <MessagesFilterForm key={messagesHref(filters)} filters={filters} />
      <QueryState
        query={messages}
        what="your messages"
        empty={
          filtered ? (
            <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
              <h2 className="text-sm font-semibold text-zinc-900 dark:text-white">No messages match these filters</h2>
              <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
                <Link href="/messages" className={textLinkClass}>
                  Show all messages
                </Link>
              </p>
            </div>
          ) : (
            <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
              <h2 className="text-sm font-semibold text-zinc-900 dark:text-white">No messages yet</h2>
              <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
                Messages you send with the API or over SMTP appear here with their delivery status.
              </p>
            </div>
          )
        }
        isEmpty={(data) => data.pagination.total === 0}
      >
        {(data) => (
          // Below 42rem of room each message is a card: subject and status, then recipients and time.
          <div className="@container overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60">
            <DataTable
              className="@max-2xl:block"
              caption={`Sent messages, page ${data.pagination.page} of ${data.pagination.totalPages}`}
              headClassName="border-b border-zinc-200 text-xs text-zinc-500 @max-2xl:hidden dark:border-zinc-800 dark:text-zinc-400"
              columns={["Subject", "To", "Status", "Created"].map((label) => ({ label, className: "px-5 py-2.5 font-medium" }))}
            >
              <tbody className="divide-y divide-zinc-200 @max-2xl:block dark:divide-zinc-800">
                {data.items.map((message) => (
                  <tr
                    key={message.id}
                    className="@max-2xl:grid @max-2xl:grid-cols-[minmax(0,1fr)_auto] @max-2xl:items-center @max-2xl:gap-x-3 @max-2xl:gap-y-1 @max-2xl:px-4 @max-2xl:py-3.5"
                  >
                    <th scope="row" className="max-w-xs px-5 py-3 font-medium @max-2xl:max-w-none @max-2xl:p-0">
                      <span className="flex min-w-0 items-center gap-2">
                        <Link href={`/messages/${message.id}`} className={`min-w-0 truncate ${textLinkClass}`}>
                          {message.subject}
                        </Link>
                        <SourceLabel source={message.source} />
                      </span>
                    </th>
                    <td className="max-w-xs truncate px-5 py-3 text-zinc-700 @max-2xl:col-start-1 @max-2xl:row-start-2 @max-2xl:max-w-none @max-2xl:p-0 @max-2xl:text-[0.8125rem] @max-2xl:text-zinc-600 dark:text-zinc-300 @max-2xl:dark:text-zinc-400">
                      <span className="sr-only @2xl:hidden">To </span>
                      {message.to.join(", ")}
                    </td>
                    <td className="px-5 py-3 @max-2xl:col-start-2 @max-2xl:row-start-1 @max-2xl:p-0 @max-2xl:text-right">
                      <MessageStatusBadge status={message.status} />
                    </td>
                    <td className="px-5 py-3 whitespace-nowrap text-zinc-700 @max-2xl:col-start-2 @max-2xl:row-start-2 @max-2xl:p-0 @max-2xl:text-right @max-2xl:text-[0.8125rem] @max-2xl:text-zinc-600 dark:text-zinc-300 @max-2xl:dark:text-zinc-400">
                      <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
                        {formatRelativeTime(message.createdAt)}
                      </time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
            {data.pagination.totalPages > 1 ? (
              <nav
                aria-label="Message pages"
                className="flex items-center justify-between border-t border-zinc-200 px-5 py-3 dark:border-zinc-800"
              >
                {page > 1 ? (
                  <Link href={pageHref(page - 1)} className={buttonClass("secondary", "sm")}>
                    Previous
                  </Link>
                ) : (
                  <span />
                )}
                <p className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">
                  Page {page} of {data.pagination.totalPages}
                </p>
                {page < data.pagination.totalPages ? (
                  <Link href={pageHref(page + 1)} className={buttonClass("secondary", "sm")}>
                    Next
                  </Link>
                ) : (
                  <span />
                )}
              </nav>
            ) : null}
          </div>
        )}
      </QueryState>
    </div>
  );
}

/** How a message reached the service, since the page lists every door. */
function SourceLabel({ source }: { source: MessageSource }) {
  return (
    <span className="shrink-0 rounded bg-zinc-100 px-1.5 py-0.5 text-[0.6875rem] font-medium text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
      <span className="sr-only">sent with </span>
      {sourceLabels[source].short}
    </span>
  );
}
