import type { Metadata } from "next";
import { DomainInsight } from "@/features/domains/domain-insight";

export const metadata: Metadata = { title: "Domain" };

export default async function DomainPage({ params }: { params: Promise<{ domain_id: string }> }) {
  return <DomainInsight domainId={(await params).domain_id} />;
}
