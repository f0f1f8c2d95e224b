import type { Metadata } from "next";
import { NewTemplatePage } from "@/features/templates/template-page";

export const metadata: Metadata = { title: "New template" };

export default async function NewTemplate({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { kind } = await searchParams;
  return <NewTemplatePage kind={kind === "layout" ? "layout" : "template"} />;
}
