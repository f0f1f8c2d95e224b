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
  return <MailboxInbox mailboxId={(await params).mailbox_id} page={pageFromSearchParam((await searchParams).page)} />;
}
