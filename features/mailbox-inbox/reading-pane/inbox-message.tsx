"use client";
// One message of a hosted mailbox: who sent it, what the MX found about its
// authenticity, the body (features/mailbox-inbox/reading-pane/message-body.tsx), the
// attachments and the headers, with the buttons that answer and organize it.
// In Sent, how the delivery to each recipient went; in Junk (or when judged
// spam) the spam verdict.
import { useEffect, useRef } from "react";
import { formatDateTime } from "@/components/format-time";
import { QueryState } from "@/components/query-state";
import type { ComposeKind } from "@/features/mail-compose/compose-prefill";
import type { MailboxFolder } from "@/shared/schemas/mailbox-folders";
import type { MailboxMessageDetail, MailboxMessageSummary } from "@/shared/schemas/mailbox-messages";
import { Authenticity } from "./authenticity";
import { ConversationList } from "./conversation-list";
import { folderOfUse } from "../folders/folder-labels";
import { formatBytes } from "@/components/format-bytes";
import { bareAddress } from "@/features/mail-compose/address-list";
import { MessageAttachments } from "./message-attachments";
import { MessageBody } from "./message-body";
import { MessageToolbar } from "./message-toolbar";
import { SentDelivery } from "./sent-delivery";
import { SpamVerdict } from "./spam-verdict";
import { ListUnsubscribe } from "./list-unsubscribe";
import { isStorageOffline, StorageOfflineNotice } from "../storage-offline";
import type { MessageActions } from "../actions/use-message-actions";
import type { useMailboxMessage } from "../use-mailbox-inbox";

const panelClass = "rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60";

function headerRows(data: MailboxMessageDetail, specialUse: MailboxFolder["specialUse"] | undefined): [string, string][] {
  return [
    ["From", data.from ?? "—"],
    ["To", data.to.join(", ") || "—"],
    ...(data.cc.length ? [["Cc", data.cc.join(", ")] as [string, string]] : []),
    ...(data.bcc.length ? [["Bcc", data.bcc.join(", ")] as [string, string]] : []),
    ...(data.replyTo ? [["Reply-To", data.replyTo] as [string, string]] : []),
    // What the mailbox wrote itself (Sent, Drafts) was stored, not received; its Date header says when it was written.
    specialUse === "sent" || specialUse === "drafts"
      ? [specialUse === "sent" ? "Sent" : "Saved", formatDateTime(data.date ?? data.receivedAt)]
      : ["Received", formatDateTime(data.receivedAt)],
    ["Size", formatBytes(data.size)],
  ];
}

type InboxMessageProps = {
  mailboxId: string;
  message: ReturnType<typeof useMailboxMessage>;
  folders: MailboxFolder[];
  listLabel: string;
  /** The open message's conversation in the folder's list (features/mailbox-inbox/message-list/threads.ts). */
  conversation: MailboxMessageSummary[];
  onOpen: (messageId: string) => void;
  actions: MessageActions;
  onClose: () => void;
  onCompose: (kind: ComposeKind, original: MailboxMessageDetail) => void;
  onMove: (message: MailboxMessageDetail) => void;
};

export function InboxMessage({
  mailboxId,
  message,
  folders,
  listLabel,
  conversation,
  onOpen,
  actions,
  onClose,
  onCompose,
  onMove,
}: InboxMessageProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const loadedId = message.data?.id;
  // Opened from the list (or with j and k): the message is what the reader wants next (in place of the list on a phone).
  useEffect(() => {
    if (loadedId) heading.current?.focus();
  }, [loadedId]);

  return (
    <QueryState
      query={message}
      what="this message"
      failed={(error) => (isStorageOffline(error) ? <StorageOfflineNotice query={message} /> : null)}
    >
      {(data) => {
        const subject = data.subject ?? "(no subject)";
        const junk = folderOfUse(folders, "junk");
        const inJunk = junk !== null && data.folder === junk.name;
        const isDraft = folderOfUse(folders, "drafts")?.name === data.folder;
        return (
          <article aria-labelledby="message-subject" className={`${panelClass} min-w-0 space-y-4 p-4 sm:p-6`}>
            <MessageToolbar
              message={data}
              listLabel={listLabel}
              isDraft={isDraft}
              isOwn={isDraft || folderOfUse(folders, "sent")?.name === data.folder}
              inJunk={inJunk}
              hasJunk={junk !== null}
              pending={actions.pending}
              onClose={onClose}
              onCompose={(kind) => onCompose(kind, data)}
              onFlag={() => actions.setFlagged(data, !data.flagged)}
              onMarkUnread={() => actions.markUnread(data)}
              onMove={() => onMove(data)}
              onSpam={() => actions.move(data, inJunk ? "INBOX" : (junk?.name ?? "Junk"))}
              onDelete={() => actions.requestDelete(data)}
            />
            <h2
              id="message-subject"
              ref={heading}
              tabIndex={-1}
              className="min-w-0 text-xl font-semibold break-words text-zinc-900 focus:outline-none dark:text-white"
            >
              {subject}
            </h2>
            {actions.error ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {actions.error}
              </p>
            ) : null}
            <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[6rem_minmax(0,1fr)]">
              {headerRows(data, folders.find((folder) => folder.name === data.folder)?.specialUse).map(([term, value]) => (
                <div key={term} className="contents">
                  <dt className="font-medium text-zinc-800 dark:text-zinc-200">{term}</dt>
                  <dd className="wrap-anywhere text-zinc-600 dark:text-zinc-400">{value}</dd>
                </div>
              ))}
            </dl>
            {data.delivery && data.sendingMessageId ? (
              <SentDelivery delivery={data.delivery} sendingMessageId={data.sendingMessageId} />
            ) : null}
            {isDraft || data.delivery ? null : <Authenticity results={data.authenticationResults} />}
            {inJunk || data.spam?.verdict === "spam" ? <SpamVerdict spam={data.spam} /> : null}
            <ListUnsubscribe key={data.id} mailboxId={mailboxId} message={data} />
            <MessageBody html={data.html} text={data.text} messageId={data.id} sender={data.from ? bareAddress(data.from) : null} />
            <MessageAttachments attachments={data.attachments} />
            <ConversationList messages={conversation} reading={data.id} onOpen={onOpen} />
            <details className="text-sm">
              <summary className="cursor-pointer font-medium text-zinc-800 dark:text-zinc-200">All headers</summary>
              <pre className="mt-2 max-h-80 overflow-auto whitespace-pre-wrap break-all text-xs text-zinc-600 dark:text-zinc-400">
                {data.headers.map((header) => `${header.name}: ${header.value}`).join("\n")}
              </pre>
            </details>
          </article>
        );
      }}
    </QueryState>
  );
}
