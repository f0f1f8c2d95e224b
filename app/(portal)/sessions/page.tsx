import type { Metadata } from "next";
import { SessionsPanel } from "@/features/sessions/sessions-panel";

export const metadata: Metadata = { title: "Sessions" };

export default function SessionsPage() {
  return <SessionsPanel />;
}
