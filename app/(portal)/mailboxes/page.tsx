import type { Metadata } from "next";
import { MailboxesPanel } from "@/features/mailboxes/mailboxes-panel";

export const metadata: Metadata = { title: "Mailboxes" };

export default function MailboxesPage() {
  return <MailboxesPanel />;
}
