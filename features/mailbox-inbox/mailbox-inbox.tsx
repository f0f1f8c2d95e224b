"use client";
// /mailboxes/[id]/inbox: the messages of one folder (INBOX unless `?folder=`
// names another, e.g. Junk), newest first, and the one being read. The page
// names the mailbox (GET /mailboxes/{id}) and leads back to /mailboxes; mail
// storage being offline is said plainly.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/alert";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { PortalApiError } from "@/features/api/portal-fetch";
import { textLinkClass } from "@/features/auth/auth-card";
import { InboxList } from "./inbox-list";
import { FolderPicker } from "./folder-picker";
import { InboxMessage, type MovedMessage } from "./inbox-message";
import { isStorageOffline, StorageOfflineNotice } from "./storage-offline";
import { useMailbox, useMailboxFolders, useMailboxMessages } from "./use-mailbox-inbox";

const DESCRIPTION = "Mail delivered to this mailbox, newest first. Mail apps see the same messages over IMAP and POP3.";

function EmptyInbox({ folder }: { folder: string }) {
  return (
    <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
      <h2 className="text-sm font-semibold text-zinc-900 dark:text-white">
        {folder === "INBOX" ? "No messages yet" : `No messages in ${folder}`}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        {folder === "INBOX" ? "Mail sent to this mailbox appears here." : "Pick another folder above."}
      </p>
    </div>
  );
}

/** What a move did, in words: where the message went and whether the spam filter learned from it. */
function movedNotice({ subject, folder, learned }: MovedMessage): string {
  const taught =
    learned === "spam"
      ? " The spam filter learned that it is spam."
      : learned === "ham"
        ? " The spam filter learned that it is not spam."
        : " The spam filter was not taught: it has no learning backend here, or could not be reached.";
  return `Moved “${subject}” to ${folder}.${taught}`;
}

function Messages({ mailboxId, folder, page }: { mailboxId: string; folder: string; page: number }) {
  const router = useRouter();
  const messages = useMailboxMessages(mailboxId, folder, page);
  const folders = useMailboxFolders(mailboxId);
  const junkFolder = folders.data?.find((entry) => entry.specialUse === "junk")?.name ?? null;
  const [reading, setReading] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const inboxHref = (target: { folder: string; page: number }) => {
    const query = new URLSearchParams();
    if (target.folder !== "INBOX") query.set("folder", target.folder);
    if (target.page > 1) query.set("page", String(target.page));
    const search = query.toString();
    return `/mailboxes/${encodeURIComponent(mailboxId)}/inbox${search ? `?${search}` : ""}`;
  };
  const pageHref = (target: number) => inboxHref({ folder, page: target });
  return (
    <>
      {folders.data ? (
        <FolderPicker
          folders={folders.data}
          folder={folder}
          onChange={(target) => {
            setReading(null);
            setNotice(null);
            router.push(inboxHref({ folder: target, page: 1 }));
          }}
        />
      ) : null}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      <QueryState
        query={messages}
        what="the inbox"
        empty={<EmptyInbox folder={folder} />}
        isEmpty={(data) => data.pagination.total === 0}
        failed={(error) => (isStorageOffline(error) ? <StorageOfflineNotice query={messages} /> : null)}
      >
        {(data) => (
          <InboxList
            items={data.items}
            page={page}
            totalPages={data.pagination.totalPages}
            pageHref={pageHref}
            reading={reading}
            onOpen={(messageId) => {
              setNotice(null);
              setReading(messageId);
            }}
          />
        )}
      </QueryState>
      {reading ? (
        <InboxMessage
          key={reading}
          mailboxId={mailboxId}
          messageId={reading}
          junkFolder={junkFolder}
          onClosed={() => setReading(null)}
          onMoved={(moved) => {
            setReading(null);
            setNotice(movedNotice(moved));
          }}
          onDeleted={(subject) => {
            setReading(null);
            setNotice(`Deleted “${subject}”.`);
          }}
        />
      ) : null}
    </>
  );
}

export function MailboxInbox({ mailboxId, folder, page }: { mailboxId: string; folder: string; page: number }) {
  const mailbox = useMailbox(mailboxId);
  const missing = mailbox.isError && mailbox.error instanceof PortalApiError && mailbox.error.status === 404;
  return (
    <div className="space-y-6">
      <Link href="/mailboxes" className={`${textLinkClass} inline-block text-sm`}>
        ← Mailboxes
      </Link>
      <PageHeader
        title={mailbox.data ? <span className="font-mono">{mailbox.data.address}</span> : "Inbox"}
        description={
          mailbox.data ? (
            <p>
              Inbox{mailbox.data.name ? ` of ${mailbox.data.name}` : ""}. {DESCRIPTION}
            </p>
          ) : (
            DESCRIPTION
          )
        }
      />
      {missing ? (
        <Alert title="This mailbox does not exist">
          It may have been deleted. Your mailboxes are listed under{" "}
          <Link href="/mailboxes" className={textLinkClass}>
            Mailboxes
          </Link>
          .
        </Alert>
      ) : (
        <Messages key={folder} mailboxId={mailboxId} folder={folder} page={page} />
      )}
    </div>
  );
}
