import type { Metadata } from "next";
import { DomainsPanel } from "@/features/domains/domains-panel";
import { env } from "@/server/config/env";

export const metadata: Metadata = { title: "Domains" };

export default function DomainsPage() {
  // Outside production only, and only when domain checks resolve through it (docs/domains.md).
  const devDns = env().devDns;
  return <DomainsPanel devDnsAddress={devDns?.servesLookups ? `${devDns.host}:${devDns.port}` : null} />;
}
