// A folder's list as conversations: the messages of one thread (the API's
// threadId, from References and In-Reply-To) become one row, shown as its
// newest message, unread while any of them is. Only the messages loaded so
// far are grouped; "Load more" may add older ones to a row.
import type { MailboxMessageSummary } from "@/shared/schemas/mailbox-messages";

export type ThreadRow = {
  /** The newest message: what the row shows and opens. */
  latest: MailboxMessageSummary;
  /** Every message of the thread in the list, newest first. */
  messages: MailboxMessageSummary[];
  seen: boolean;
  flagged: boolean;
  hasAttachments: boolean;
};

/** `items` newest first, as the API lists them; the rows keep that order. */
export function threadRows(items: readonly MailboxMessageSummary[]): ThreadRow[] {
  const rows = new Map<string, ThreadRow>();
  for (const item of items) {
    const row = rows.get(item.threadId);
    if (!row) {
      rows.set(item.threadId, {
        latest: item,
        messages: [item],
        seen: item.seen,
        flagged: item.flagged,
        hasAttachments: item.hasAttachments,
      });
      continue;
    }
    row.messages.push(item);
    row.seen &&= item.seen;
    row.flagged ||= item.flagged;
    row.hasAttachments ||= item.hasAttachments;
  }
  return [...rows.values()];
}

/** One row per message, for folders whose messages are not conversations (Drafts). */
export const singleRows = (items: readonly MailboxMessageSummary[]): ThreadRow[] =>
  items.map((item) => ({ latest: item, messages: [item], seen: item.seen, flagged: item.flagged, hasAttachments: item.hasAttachments }));
