"use client";
// A folder's conversations, newest first (features/mailbox-inbox/message-list/threads.ts):
// who (the sender; in Sent the recipients, with how the delivery went), the
// subject, how many messages, the start of the text, when; unread ones in
// bold and marked, flagged ones and those with attachments marked too. More
// are loaded at the end of the list.
import { Badge } from "@/components/badge";
import { Button } from "@/components/button";
import { formatDateTime } from "@/components/format-time";
import { LineIcon } from "@/components/line-icon";
import { MessageStatusBadge } from "@/features/messages/message-status-badge";
import type { ThreadRow } from "./threads";

type InboxListProps = {
  rows: ThreadRow[];
  /** In Sent the recipients are what matters, not the sender. */
  showRecipients: boolean;
  reading: string | null;
  onOpen: (messageId: string) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** The open folder's name; a row with messages in others (a search of all folders) names those folders. */
  openFolder: string | null;
  /** A folder's name as the portal shows it (Inbox for INBOX). */
  folderName: (name: string) => string;
};

/** The row's button, to give focus back to it when the message closes. */
export const rowSelector = (messageId: string) => `[data-message-id="${CSS.escape(messageId)}"]`;

export function InboxList({
  rows,
  showRecipients,
  reading,
  onOpen,
  hasMore,
  loadingMore,
  onLoadMore,
  openFolder,
  folderName,
}: InboxListProps) {
  return (
    <div className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60">
      <ul aria-label="Messages" className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {rows.map(({ latest: item, messages, seen, flagged, hasAttachments }) => (
          <li key={item.id}>
            <button
              type="button"
              data-message-id={item.id}
              onClick={() => onOpen(item.id)}
              aria-current={messages.some((message) => message.id === reading) ? "true" : undefined}
              className="grid w-full min-w-0 gap-0.5 px-4 py-3 text-left text-sm hover:bg-zinc-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500 aria-[current=true]:bg-indigo-50/60 dark:hover:bg-zinc-800/60 dark:aria-[current=true]:bg-indigo-500/10"
            >
              <span className="flex min-w-0 items-baseline justify-between gap-2">
                <span className={`truncate ${seen ? "text-zinc-600 dark:text-zinc-400" : "font-semibold text-zinc-900 dark:text-white"}`}>
                  {showRecipients ? `To: ${item.to.join(", ") || "—"}` : (item.from ?? "—")}
                </span>
                <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">{formatDateTime(item.receivedAt)}</span>
              </span>
              <span className="flex min-w-0 items-center gap-1.5">
                {openFolder === null
                  ? null
                  : [...new Set(messages.map((message) => message.folder))]
                      .filter((name) => name !== openFolder)
                      .map((name) => (
                        <Badge key={name} tone="neutral">
                          <span className="sr-only">in </span>
                          {folderName(name)}
                        </Badge>
                      ))}
                {seen ? null : <Badge tone="info">Unread</Badge>}
                {flagged ? <Badge tone="warning">Flagged</Badge> : null}
                <span className={`truncate ${seen ? "text-zinc-700 dark:text-zinc-300" : "font-semibold text-zinc-900 dark:text-white"}`}>
                  {item.subject ?? "(no subject)"}
                </span>
                {messages.length > 1 ? (
                  <span className="shrink-0 text-xs font-medium text-zinc-600 dark:text-zinc-400">
                    <span className="sr-only">, </span>
                    {messages.length}
                    <span className="sr-only"> messages</span>
                  </span>
                ) : null}
                {hasAttachments ? (
                  <span className="shrink-0 text-zinc-500 dark:text-zinc-400">
                    <PaperclipIcon />
                    <span className="sr-only">, with attachments</span>
                  </span>
                ) : null}
              </span>
              {item.preview ? <span className="truncate text-xs text-zinc-500 dark:text-zinc-400">{item.preview}</span> : null}
              {item.delivery ? (
                <span className="mt-1">
                  <MessageStatusBadge status={item.delivery.status} />
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
      {hasMore ? (
        <div className="border-t border-zinc-200 px-4 py-3 text-center dark:border-zinc-800">
          <Button variant="secondary" size="sm" pending={loadingMore} onClick={onLoadMore}>
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function PaperclipIcon() {
  return (
    <LineIcon size={16} className="inline">
      <path d="m21 11-8.5 8.5a5 5 0 0 1-7-7L14 4a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L15 7" />
    </LineIcon>
  );
}
