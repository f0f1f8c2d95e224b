"use client";
// Under an open message: the other messages of its conversation in this
// folder's list, oldest first, each a button that opens it.
import { formatDateTime } from "@/components/format-time";
import type { MailboxMessageSummary } from "@/shared/schemas/mailbox-messages";

type ConversationListProps = { messages: MailboxMessageSummary[]; reading: string; onOpen: (messageId: string) => void };

export function ConversationList({ messages, reading, onOpen }: ConversationListProps) {
  if (messages.length < 2) return null;
  return (
    <section aria-labelledby="conversation-heading" className="space-y-2 text-sm">
      <h3 id="conversation-heading" className="font-semibold text-zinc-900 dark:text-white">
        Conversation ({messages.length} messages in this folder)
      </h3>
      <ol className="space-y-1">
        {[...messages].reverse().map((message) => (
          <li key={message.id}>
            <button
              type="button"
              onClick={() => onOpen(message.id)}
              aria-current={message.id === reading ? "true" : undefined}
              className="flex w-full min-w-0 justify-between gap-3 rounded-lg px-3 py-1.5 text-left hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-500 aria-[current=true]:bg-indigo-50 aria-[current=true]:font-medium dark:hover:bg-zinc-800 dark:aria-[current=true]:bg-indigo-500/10"
            >
              <span
                className={`truncate ${message.seen ? "text-zinc-700 dark:text-zinc-300" : "font-semibold text-zinc-900 dark:text-white"}`}
              >
                {message.from ?? "—"}
              </span>
              <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">{formatDateTime(message.receivedAt)}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
