import type { Metadata } from "next";
import { DashboardPanel } from "@/features/dashboard/dashboard-panel";
import { readForPage } from "@/server/portal/read-for-page";
import { getDashboardOverview } from "@/shared/api/endpoint-refs";

export const metadata: Metadata = { title: "Dashboard" };

// The overview is read while the page renders, so its figures (the page's
// largest content) are in the HTML rather than waiting for the JavaScript.
export default async function DashboardPage() {
  return <DashboardPanel serverRead={await readForPage(getDashboardOverview)} />;
}
