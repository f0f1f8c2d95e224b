import type { Metadata } from "next";
import { DomainsPanel } from "@/features/domains/domains-panel";

export const metadata: Metadata = { title: "Domains" };

export default function DomainsPage() {
  return <DomainsPanel />;
}
