"use client";
// /mailboxes/[id]/inbox: the mailbox's mail (features/mailbox-inbox/mail-view.tsx)
// under a header that names it, with Compose and the keyboard shortcuts; an
// unknown or deleted mailbox says so and leads back to /mailboxes.
import Link from "next/link";
import { Alert } from "@/components/alert";
import { PageHeader } from "@/components/page-header";
import { PortalApiError } from "@/features/api/portal-fetch";
import { textLinkClass } from "@/features/auth/auth-card";
import { MailView } from "./mail-view";
import { useMailbox } from "./use-mailbox-inbox";
import type { ServerRead } from "@/shared/api/server-read";
import type { Mailbox } from "@/shared/schemas/mailboxes";

const DESCRIPTION = "Read, write and organize this mailbox's mail. Mail apps see the same folders and messages over IMAP.";

type MailboxInboxProps = {
  mailboxId: string;
  folder: string;
  /** The mailbox as the page's server render read it, when it could. */
  serverRead?: ServerRead<Mailbox> | null;
};

export function MailboxInbox({ mailboxId, folder, serverRead }: MailboxInboxProps) {
  const mailbox = useMailbox(mailboxId, serverRead);
  const missing = mailbox.isError && mailbox.error instanceof PortalApiError && mailbox.error.status === 404;
  const title = mailbox.data ? <span className="font-mono">{mailbox.data.address}</span> : "Mail";
  const description = mailbox.data?.name ? (
    <p>
      Mail of {mailbox.data.name}. {DESCRIPTION}
    </p>
  ) : (
    DESCRIPTION
  );
  return (
    <div className="space-y-6">
      <Link href="/mailboxes" className={`${textLinkClass} inline-block text-sm`}>
        ← Mailboxes
      </Link>
      {mailbox.data ? (
        <MailView
          key={folder}
          mailboxId={mailboxId}
          address={mailbox.data.address}
          folder={folder}
          header={(actions) => <PageHeader title={title} description={description} actions={actions} />}
        />
      ) : (
        <PageHeader title={title} description={description} />
      )}
      {missing ? (
        <Alert title="This mailbox does not exist">
          It may have been deleted. Your mailboxes are listed under{" "}
          <Link href="/mailboxes" className={textLinkClass}>
            Mailboxes
          </Link>
          .
        </Alert>
      ) : null}
    </div>
  );
}
