import type { Metadata } from "next";
import { TopicsPanel } from "@/features/topics/topics-panel";

export const metadata: Metadata = { title: "Topics" };

export default async function TopicsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const email = (Array.isArray(params.email) ? params.email[0] : params.email)?.trim().slice(0, 254) || undefined;
  return <TopicsPanel email={email} />;
}
