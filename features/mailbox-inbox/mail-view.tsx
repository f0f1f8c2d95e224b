"use client";
// The mail view of one mailbox: folders | the open folder's messages | the
// open message, side by side on wide screens and one at a time on phones
// (folders → list → message, each with a way back, the browser's Back too).
// It holds what the three share: the filters, the open message (in the
// address: use-mail-location.ts), the compose dialog (use-mail-compose.ts),
// the notices and the keyboard shortcuts (docs/webmail.md, "In the portal").
import { useRef, useState } from "react";
import { Button } from "@/components/button";
import { QueryState } from "@/components/query-state";
import { ComposeDialog } from "@/features/mail-compose/compose-dialog";
import type { MailboxMessageDetail } from "@/shared/schemas/mailbox-messages";
import { DeleteForGoodDialog } from "./actions/delete-for-good-dialog";
import { MailNoticeBar, type ShownNotice } from "./actions/mail-notice";
import { MoveDialog } from "./actions/move-dialog";
import { useMessageActions } from "./actions/use-message-actions";
import { FolderPane } from "./folders/folder-pane";
import { MessageListPane } from "./message-list/message-list-pane";
import { useRowFocusOnClose } from "./message-list/use-row-focus-on-close";
import { InboxMessage } from "./reading-pane/inbox-message";
import { NoMessageOpen } from "./reading-pane/no-message-open";
import { ShortcutsHelpDialog } from "./shortcuts/shortcuts-help-dialog";
import { useMailViewShortcuts } from "./shortcuts/use-mail-view-shortcuts";
import { isStorageOffline, StorageOfflineNotice } from "./storage-offline";
import { useMailCompose } from "./use-mail-compose";
import { useMailLocation } from "./use-mail-location";
import { type MessageFilters, noFilters, useMailboxFolders, useMailboxMessages } from "./use-mailbox-inbox";
import { useOpenFolder } from "./use-open-folder";

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
  const [moving, setMoving] = useState<MailboxMessageDetail | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const { current, label, rows, message, conversation } = useOpenFolder({ mailboxId, folder, folders: folders.data, messages, reading });
  const compose = useMailCompose({ mailboxId, address, folders: folders.data, onNotice: setNotice, onDraftGone: location.forgetMessage });

  const open = (messageId: string | null) => (messageId ? location.openMessage(messageId) : location.closeMessage());
  useRowFocusOnClose(reading);

  const actions = useMessageActions({
    mailboxId,
    folders: folders.data,
    onNotice: (next) => setNotice({ ...next, at: Date.now() }),
    onGone: location.forgetMessage,
  });

  useMailViewShortcuts({
    rows,
    reading,
    detail: message.data && message.data.id === reading ? message.data : null,
    actions,
    open,
    startCompose: compose.open,
    focusSearch: () => {
      location.closeFolders();
      searchRef.current?.focus();
    },
    showHelp: () => setHelpOpen(true),
  });

  // Phones show one pane: the message when one is open, else the folders when asked for, else the list.
  const pane = reading ? "message" : location.showFolders ? "folders" : "list";
  const only = (name: typeof pane) => (pane === name ? "" : "max-lg:hidden");

  return (
    <div className="space-y-4">
      {header(<MailViewButtons onShowShortcuts={() => setHelpOpen(true)} onCompose={() => compose.open("new", null)} />)}
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
                  mailboxId={mailboxId}
                  message={message}
                  folders={folderList}
                  listLabel={label}
                  conversation={conversation}
                  onOpen={open}
                  actions={actions}
                  onClose={() => open(null)}
                  onCompose={compose.open}
                  onMove={setMoving}
                />
              ) : (
                <NoMessageOpen onShowShortcuts={() => setHelpOpen(true)} />
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
      <DeleteForGoodDialog actions={actions} />
      <ComposeDialog
        mailboxId={mailboxId}
        start={compose.start}
        senders={compose.senders}
        onClose={compose.close}
        onSent={compose.onSent}
        onDraftSaved={(previousId, id) => previousId && location.renameMessage(previousId, id)}
      />
      <ShortcutsHelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}

/** The view's buttons in the page's header. */
function MailViewButtons({ onShowShortcuts, onCompose }: { onShowShortcuts: () => void; onCompose: () => void }) {
  return (
    <>
      {/* Phones seldom have a keyboard. */}
      <Button variant="secondary" className="max-sm:hidden" onClick={onShowShortcuts}>
        Shortcuts
      </Button>
      <Button onClick={onCompose}>Compose</Button>
    </>
  );
}
