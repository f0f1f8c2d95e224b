import type { Metadata } from "next";
import { ActivityPanel } from "@/features/activity/activity-panel";
import { pageFromSearchParam } from "@/features/activity/page-param";

export const metadata: Metadata = { title: "Activity" };

export default async function ActivityPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const page = pageFromSearchParam((await searchParams).page);
  return <ActivityPanel page={page} />;
}
