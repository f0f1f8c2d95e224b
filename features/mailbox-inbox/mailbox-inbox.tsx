"use client";
// /mailboxes/[id]/inbox: the mailbox's messages, newest first, and the one
// being read. The page names the mailbox (GET /mailboxes/{id}) and leads back
// to /mailboxes; mail storage being offline is said plainly.
import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/alert";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { PortalApiError } from "@/features/api/portal-fetch";
import { textLinkClass } from "@/features/auth/auth-card";
import { InboxList } from "./inbox-list";
import { InboxMessage } from "./inbox-message";
import { isStorageOffline, StorageOfflineNotice } from "./storage-offline";
import { useMailbox, useMailboxMessages } from "./use-mailbox-inbox";

const DESCRIPTION = "Mail delivered to this mailbox, newest first. Mail apps see the same messages over IMAP and POP3.";

function EmptyInbox() {
  return (
    <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
      <h2 className="text-sm font-semibold text-zinc-900 dark:text-white">No messages yet</h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Mail sent to this mailbox appears here.</p>
    </div>
  );
}

function Messages({ mailboxId, page }: { mailboxId: string; page: number }) {
  const messages = useMailboxMessages(mailboxId, page);
  const [reading, setReading] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const pageHref = (target: number) => `/mailboxes/${encodeURIComponent(mailboxId)}/inbox${target > 1 ? `?page=${target}` : ""}`;
  return (
    <>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      <QueryState
        query={messages}
        what="the inbox"
        empty={<EmptyInbox />}
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
          onClosed={() => setReading(null)}
          onDeleted={(subject) => {
            setReading(null);
            setNotice(`Deleted “${subject}”.`);
          }}
        />
      ) : null}
    </>
  );
}

export function MailboxInbox({ mailboxId, page }: { mailboxId: string; page: number }) {
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
        <Messages mailboxId={mailboxId} page={page} />
      )}
    </div>
  );
}
