import type { Metadata } from "next";
import { MailboxRulesPage } from "@/features/mailbox-rules/mailbox-rules-page";

export const metadata: Metadata = { title: "Mailbox rules" };

export default async function MailboxRules({ params }: { params: Promise<{ mailbox_id: string }> }) {
  return <MailboxRulesPage mailboxId={(await params).mailbox_id} />;
}
