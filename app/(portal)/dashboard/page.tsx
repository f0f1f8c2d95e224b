import type { Metadata } from "next";
import { DashboardPanel } from "@/features/dashboard/dashboard-panel";

export const metadata: Metadata = { title: "Dashboard" };

export default function DashboardPage() {
  return <DashboardPanel />;
}
