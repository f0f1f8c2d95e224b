import type { Metadata } from "next";
import { pageFromSearchParam } from "@/features/activity/page-param";
import { MailboxInbox } from "@/features/mailbox-inbox/mailbox-inbox";

export const metadata: Metadata = { title: "Inbox" };

export default async function MailboxInboxPage({
  params,
  searchParams,
}: {
  params: Promise<{ mailbox_id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = await searchParams;
  const folder = typeof query.folder === "string" && query.folder.length > 0 && query.folder.length <= 200 ? query.folder : "INBOX";
  return <MailboxInbox mailboxId={(await params).mailbox_id} folder={folder} page={pageFromSearchParam(query.page)} />;
}
