import type { Metadata } from "next";
import { EditTemplatePage } from "@/features/templates/template-page";

export const metadata: Metadata = { title: "Template" };

export default async function TemplatePage({ params }: { params: Promise<{ templateId: string }> }) {
  const { templateId } = await params;
  return <EditTemplatePage templateId={templateId} />;
}
