import type { Metadata } from "next";
import { AcceptInvitationPanel } from "@/features/teams/accept-invitation-panel";

export const metadata: Metadata = { title: "Accept an invitation" };

export default function AcceptInvitationPage() {
  return <AcceptInvitationPanel />;
}
