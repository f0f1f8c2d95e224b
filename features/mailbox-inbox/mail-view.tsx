"use client";
// The mail view of one mailbox: folders | the open folder's messages | the
// open message, side by side on wide screens and one at a time on phones
// (folders → list → message, each with a way back, the browser's Back too).
// It holds what the three share: the filters, the open message (in the
// address: use-mail-location.ts), the compose dialog, the notices and the
// keyboard shortcuts (docs/webmail.md, "In the portal").
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { QueryState } from "@/components/query-state";
import { type ComposeKind, type ComposeStart, composeStart, type Original } from "@/features/mail-compose/compose-prefill";
import { ComposeDialog, type SentMessage } from "@/features/mail-compose/compose-dialog";
import { useSenderAddresses } from "@/features/mail-compose/use-sender-addresses";
import { FolderPane } from "./folders/folder-pane";
import { folderLabel, folderOfUse } from "./folders/folder-labels";
import { InboxMessage } from "./reading-pane/inbox-message";
import { rowSelector } from "./message-list/inbox-list";
import { mailHref } from "./mail-href";
import { type MailShortcut, useMailShortcuts } from "./shortcuts/mail-shortcuts";
import { MessageListPane } from "./message-list/message-list-pane";
import { MoveDialog } from "./actions/move-dialog";
import { MailNoticeBar, type ShownNotice } from "./actions/mail-notice";
import { ShortcutsHelpDialog } from "./shortcuts/shortcuts-help-dialog";
import { singleRows, threadRows } from "./message-list/threads";
import { isStorageOffline, StorageOfflineNotice } from "./storage-offline";
import type { MailboxMessageDetail } from "@/shared/schemas/mailbox-messages";
import { type MessageFilters, noFilters, useMailboxFolders, useMailboxMessage, useMailboxMessages } from "./use-mailbox-inbox";
import { useMailLocation } from "./use-mail-location";
import { useMessageActions } from "./actions/use-message-actions";

type MailViewProps = {
  mailboxId: string;
  address: string;
  folder: string;
  /** The page's header, given the view's own buttons (Compose, Shortcuts) to show. */
  header: (actions: React.ReactNode) => React.ReactNode;
};

export function MailView({ mailboxId, address, folder, header }: MailViewProps) {
  const folders = useMailboxFolders(mailboxId);
  const [filters, setFilters] = useState<MessageFilters>(noFilters);
  const messages = useMailboxMessages(mailboxId, folder, filters);
  const location = useMailLocation(mailboxId, folder);
  const reading = location.message;
  const [notice, setNotice] = useState<ShownNotice | null>(null);
  const [compose, setCompose] = useState<ComposeStart | null>(null);
  const [moving, setMoving] = useState<MailboxMessageDetail | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const shownBefore = useRef<string | null>(reading);
  const senders = useSenderAddresses(address);

  const current = folders.data?.find((entry) => entry.name === folder) ?? null;
  const label = current ? folderLabel(current) : folder === "INBOX" ? "Inbox" : folder;
  const sent = folderOfUse(folders.data, "sent");
  const items = messages.data?.pages.flatMap((page) => page.items) ?? [];
  // A hit of an all-folders search is opened where it was found.
  const listed = items.find((item) => item.id === reading);
  const message = useMailboxMessage(mailboxId, reading, {
    listedIn: listed?.folder ?? folder,
    uid: listed?.uid,
    liveDelivery: current?.specialUse === "sent",
  });
  // Drafts are not conversations: each is its own row.
  const rows = current?.specialUse === "drafts" ? singleRows(items) : threadRows(items);
  const conversation = rows.find((row) => row.messages.some((item) => item.id === reading))?.messages ?? [];

  const open = (messageId: string | null) => (messageId ? location.openMessage(messageId) : location.closeMessage());
  // Back in the list (by a button or the browser's Back): focus returns to the message's row, so j, k and Tab go on from there.
  useEffect(() => {
    if (reading === null && shownBefore.current) document.querySelector<HTMLElement>(rowSelector(shownBefore.current))?.focus();
    shownBefore.current = reading;
  }, [reading]);

  const actions = useMessageActions({
    mailboxId,
    folders: folders.data,
    onNotice: (next) => setNotice({ ...next, at: Date.now() }),
    onGone: location.forgetMessage,
  });

  const startCompose = (kind: ComposeKind, original: Original | null) => {
    setNotice(null);
    setCompose(composeStart(kind, original, senders));
  };

  const onSent = (result: SentMessage, draftId: string | undefined) => {
    setCompose(null);
    // The draft it came from is gone.
    if (draftId) location.forgetMessage(draftId);
    const recipients = [...result.to, ...result.cc, ...result.bcc].join(", ");
    setNotice({
      text: `Sent “${result.subject}” to ${recipients}.`,
      follow: {
        sentHref: sent && result.sentCopyId ? mailHref(mailboxId, { folder: sent.name, message: result.sentCopyId }) : null,
        messageHref: `/messages/${encodeURIComponent(result.id)}`,
      },
      at: Date.now(),
    });
  };

  /** j and k move row by row, opening each conversation's newest message. */
  const step = (by: 1 | -1) => {
    if (rows.length === 0) return;
    const index = rows.findIndex((row) => row.messages.some((item) => item.id === reading));
    const next = index === -1 ? 0 : Math.min(rows.length - 1, Math.max(0, index + by));
    open(rows[next]!.latest.id);
  };

  useMailShortcuts((action: MailShortcut) => {
    const detail = message.data && message.data.id === reading ? message.data : null;
    switch (action) {
      case "compose":
        startCompose("new", null);
        return true;
      case "reply":
      case "replyAll":
      case "forward":
        if (detail) startCompose(action, detail);
        return detail !== null;
      case "archive":
      case "delete":
        if (detail) (action === "archive" ? actions.archive : actions.requestDelete)(detail);
        return detail !== null;
      case "next":
      case "previous":
        step(action === "next" ? 1 : -1);
        return true;
      case "search":
        location.closeFolders();
        searchRef.current?.focus();
        return true;
      case "help":
        setHelpOpen(true);
        return true;
    }
  });

  // Phones show one pane: the message when one is open, else the folders when asked for, else the list.
  const pane = reading ? "message" : location.showFolders ? "folders" : "list";
  const only = (name: typeof pane) => (pane === name ? "" : "max-lg:hidden");

  return (
    <div className="space-y-4">
      {header(
        <>
          {/* Phones seldom have a keyboard. */}
          <Button variant="secondary" className="max-sm:hidden" onClick={() => setHelpOpen(true)}>
            Shortcuts
          </Button>
          <Button onClick={() => startCompose("new", null)}>Compose</Button>
        </>,
      )}
      {notice ? <MailNoticeBar notice={notice} onDismiss={() => setNotice(null)} /> : null}
      <QueryState
        query={folders}
        what="the folders"
        failed={(error) => (isStorageOffline(error) ? <StorageOfflineNotice query={folders} /> : null)}
      >
        {(folderList) => (
          <div className="grid gap-6 lg:grid-cols-[11rem_minmax(0,18rem)_minmax(0,1fr)] lg:items-start lg:gap-4 xl:grid-cols-[11rem_minmax(0,24rem)_minmax(0,1fr)]">
            <FolderPane mailboxId={mailboxId} folders={folderList} current={folder} className={only("folders")} />
            <MessageListPane
              mailboxId={mailboxId}
              address={address}
              folder={current}
              label={label}
              messages={messages}
              rows={rows}
              filters={filters}
              onFiltersChange={(next) => {
                setFilters(next);
                open(null);
              }}
              searchRef={searchRef}
              reading={reading}
              onOpen={(messageId) => {
                setNotice(null);
                open(messageId);
              }}
              onShowFolders={location.openFolders}
              className={only("list")}
            />
            <div className={`min-w-0 ${only("message")}`}>
              {reading ? (
                <InboxMessage
                  message={message}
                  folders={folderList}
                  listLabel={label}
                  conversation={conversation}
                  onOpen={open}
                  actions={actions}
                  onClose={() => open(null)}
                  onCompose={startCompose}
                  onMove={setMoving}
                />
              ) : (
                <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center text-sm text-zinc-600 max-lg:hidden dark:border-zinc-700 dark:text-zinc-400">
                  <p>Pick a message to read it here.</p>
                  <p className="mt-1">
                    <kbd className="font-mono">j</kbd> and <kbd className="font-mono">k</kbd> move through the list;{" "}
                    <Button variant="ghost" size="sm" onClick={() => setHelpOpen(true)}>
                      all shortcuts
                    </Button>
                  </p>
                </div>
              )}
            </div>
            <MoveDialog
              open={moving !== null}
              subject={moving?.subject ?? "(no subject)"}
              folders={folderList}
              current={moving?.folder ?? folder}
              pending={actions.pending}
              error={actions.error}
              onMove={(target) => {
                if (moving) actions.move(moving, target);
                setMoving(null);
              }}
              onClose={() => setMoving(null)}
            />
          </div>
        )}
      </QueryState>
      <ConfirmDialog
        open={actions.confirming !== null}
        title={`Delete “${actions.confirming?.subject ?? "(no subject)"}” for good?`}
        confirmLabel="Delete for good"
        pending={actions.deleting}
        error={actions.deleteError}
        onCancel={actions.cancelDelete}
        onConfirm={() => actions.confirming && actions.deleteForGood(actions.confirming)}
      >
        It is in Trash: deleting it here removes it from the mailbox, for every mail app too.
      </ConfirmDialog>
      <ComposeDialog
        mailboxId={mailboxId}
        start={compose}
        senders={senders}
        onClose={() => setCompose(null)}
        onSent={onSent}
        onDraftSaved={(previousId, id) => previousId && location.renameMessage(previousId, id)}
      />
      <ShortcutsHelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
