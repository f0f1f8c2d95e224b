"use client";
// The mail view's middle pane: the open folder's name, search and filters,
// its messages a page at a time, and what to do when there are none.
import { Button } from "@/components/button";
import { QueryState } from "@/components/query-state";
import type { MailboxFolder } from "@/shared/schemas/mailbox-folders";
import { FolderActions } from "../folders/folder-actions";
import { folderLabel } from "../folders/folder-labels";
import { InboxList } from "./inbox-list";
import { MessageSearch } from "./message-search";
import { isStorageOffline, StorageOfflineNotice } from "../storage-offline";
import type { ThreadRow } from "./threads";
import { isFiltered, type MessageFilters, type useMailboxMessages } from "../use-mailbox-inbox";

const emptyHints: Partial<Record<NonNullable<MailboxFolder["specialUse"]>, string>> = {
  drafts: "Save a draft while writing a message and it waits here until you send it.",
  sent: "Messages sent from this mailbox are kept here, with how the delivery to each recipient went.",
  junk: "Mail the spam filter judged spam, or that you marked as spam, lands here.",
  trash: "Deleted messages wait here; deleting one here removes it for good.",
};

function EmptyFolder({
  folder,
  label,
  address,
  filters,
}: {
  folder: MailboxFolder | null;
  label: string;
  address: string;
  filters: MessageFilters;
}) {
  const [title, hint] = isFiltered(filters)
    ? [
        filters.q ? `No messages match “${filters.q}”` : "No messages match these filters",
        `Try other words or filters, or Clear them to see all of ${label}.`,
      ]
    : folder?.specialUse === "inbox" || folder === null
      ? ["No messages yet", `Mail sent to ${address} appears here. Write one with Compose.`]
      : [`No messages in ${label}`, emptyHints[folder.specialUse ?? "inbox"] ?? "Move messages here from any folder with Move."];
  return (
    <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-white">{title}</h3>
      <p className="mt-1 text-sm break-words text-zinc-600 dark:text-zinc-400">{hint}</p>
    </div>
  );
}

type MessageListPaneProps = {
  mailboxId: string;
  address: string;
  folder: MailboxFolder | null;
  label: string;
  messages: ReturnType<typeof useMailboxMessages>;
  /** The loaded messages as the list's rows (conversations, or single drafts). */
  rows: ThreadRow[];
  filters: MessageFilters;
  onFiltersChange: (filters: MessageFilters) => void;
  searchRef: React.Ref<HTMLInputElement>;
  reading: string | null;
  onOpen: (messageId: string) => void;
  onShowFolders: () => void;
  className: string;
};

export function MessageListPane({
  mailboxId,
  address,
  folder,
  label,
  messages,
  rows,
  filters,
  onFiltersChange,
  searchRef,
  reading,
  onOpen,
  onShowFolders,
  className,
}: MessageListPaneProps) {
  return (
    <section aria-labelledby="message-list-heading" className={`min-w-0 space-y-3 ${className}`}>
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" className="lg:hidden" onClick={onShowFolders}>
          ← Folders
        </Button>
        <h2 id="message-list-heading" className="min-w-0 flex-1 truncate text-lg font-semibold text-zinc-900 dark:text-white">
          {label}
        </h2>
        {folder && folder.specialUse === null ? <FolderActions mailboxId={mailboxId} folder={folder} /> : null}
      </div>
      <MessageSearch
        key={folder?.name}
        filters={filters}
        onChange={onFiltersChange}
        inputRef={searchRef}
        searchesAllFolders={folder === null || folder.specialUse === "inbox"}
      />
      <QueryState
        query={messages}
        what="the messages"
        empty={<EmptyFolder folder={folder} label={label} address={address} filters={filters} />}
        isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
        failed={(error) => (isStorageOffline(error) ? <StorageOfflineNotice query={messages} /> : null)}
      >
        {() => (
          <InboxList
            rows={rows}
            showRecipients={folder?.specialUse === "sent" || folder?.specialUse === "drafts"}
            reading={reading}
            onOpen={onOpen}
            hasMore={messages.hasNextPage}
            loadingMore={messages.isFetchingNextPage}
            onLoadMore={() => void messages.fetchNextPage()}
            openFolder={folder?.name ?? null}
            folderName={(name) => folderLabel({ name, specialUse: name.toUpperCase() === "INBOX" ? "inbox" : null })}
          />
        )}
      </QueryState>
    </section>
  );
}
