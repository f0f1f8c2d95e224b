import type { Metadata } from "next";
import { pageFromSearchParam } from "@/features/activity/page-param";
import { filtersFromSearchParams } from "@/features/messages/message-filters";
import { MessagesPanel } from "@/features/messages/messages-panel";

export const metadata: Metadata = { title: "Messages" };

export default async function MessagesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  return <MessagesPanel page={pageFromSearchParam(params.page)} filters={filtersFromSearchParams(params)} />;
}
