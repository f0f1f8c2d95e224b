import type { Metadata } from "next";
import { pageFromSearchParam } from "@/features/activity/page-param";
import { SuppressionsPanel } from "@/features/suppressions/suppressions-panel";

export const metadata: Metadata = { title: "Suppressions" };

export default async function SuppressionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const email = (Array.isArray(params.email) ? params.email[0] : params.email)?.trim().slice(0, 254) || undefined;
  return <SuppressionsPanel page={pageFromSearchParam(params.page)} email={email} />;
}
