import type { Metadata } from "next";
import { MailboxInbox } from "@/features/mailbox-inbox/mailbox-inbox";
import { readForPage } from "@/server/portal/read-for-page";
import { getMailbox } from "@/shared/api/endpoint-refs";

export const metadata: Metadata = { title: "Mail" };

const oneValue = (value: string | string[] | undefined, maxLength: number) =>
  typeof value === "string" && value.length > 0 && value.length <= maxLength ? value : null;

export default async function MailboxInboxPage({
  params,
  searchParams,
}: {
  params: Promise<{ mailbox_id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = await searchParams;
  const mailboxId = (await params).mailbox_id;
  // Read while the page renders: the mailbox's address heads the HTML (the page's largest paint) instead of arriving after the JavaScript.
  const serverRead = await readForPage(getMailbox, { mailbox_id: mailboxId });
  return <MailboxInbox mailboxId={mailboxId} folder={oneValue(query.folder, 200) ?? "INBOX"} serverRead={serverRead} />;
}
