import type { Metadata } from "next";
import { TemplatesPanel } from "@/features/templates/templates-panel";

export const metadata: Metadata = { title: "Templates" };

export default function TemplatesPage() {
  return <TemplatesPanel />;
}
