import type { Metadata } from "next";
import { MailboxInbox } from "@/features/mailbox-inbox/mailbox-inbox";

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
  return <MailboxInbox mailboxId={(await params).mailbox_id} folder={oneValue(query.folder, 200) ?? "INBOX"} />;
}
