import type { Metadata } from "next";
import { pageFromSearchParam } from "@/features/activity/page-param";
import { MessagesPanel } from "@/features/messages/messages-panel";

export const metadata: Metadata = { title: "Messages" };

export default async function MessagesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <MessagesPanel page={pageFromSearchParam((await searchParams).page)} />;
}
