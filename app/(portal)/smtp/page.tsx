import type { Metadata } from "next";
import { SmtpAccessPanel } from "@/features/smtp/smtp-access-panel";

export const metadata: Metadata = { title: "SMTP" };

export default function SmtpPage() {
  return <SmtpAccessPanel />;
}
