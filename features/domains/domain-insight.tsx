"use client";
// One sending domain's page (/domains/<id>): how its mail landed over the last
// 30 days, by day and by recipient provider, and its DMARC reports
// (docs/deliverability.md). Its DNS
// records and verification stay on the Domains page.
import Link from "next/link";
import { Badge } from "@/components/badge";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { textLinkClass } from "@/features/auth/auth-card";
import { DeliveryChart } from "@/features/stats/delivery-chart";
import { ProviderBreakdown } from "@/features/stats/provider-breakdown";
import { ReputationBanner } from "@/features/stats/reputation-banner";
import type { SendingDomain } from "@/shared/schemas/sending-domain";
import { DmarcReports } from "./dmarc-reports";
import { domainStatusText } from "./domain-status";
import { useDomain } from "./use-domains";

const panelClass = "rounded-xl border border-zinc-200 bg-white p-6 shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60";

function Insight({ domain }: { domain: SendingDomain }) {
  const status = domainStatusText[domain.status];
  const query = { domainId: domain.domain_id };
  return (
    <>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span className="break-all">{domain.name}</span>
            <Badge tone={status.tone}>{status.label}</Badge>
          </span>
        }
        description="How mail from this domain landed over the last 30 days: what was sent, delivered, bounced or complained about, and where it went."
      />
      <ReputationBanner domainId={domain.domain_id} />
      <section aria-labelledby="domain-last-30-days" className={panelClass}>
        <h2 id="domain-last-30-days" className="text-base font-semibold text-zinc-900 dark:text-white">
          Last 30 days
        </h2>
        <div className="mt-4">
          <DeliveryChart query={query} label={`Sent, delivered, bounced and complaints per day from ${domain.name}, last 30 days`} />
        </div>
      </section>
      <section aria-labelledby="domain-providers" className={panelClass}>
        <h2 id="domain-providers" className="text-base font-semibold text-zinc-900 dark:text-white">
          By recipient provider
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          From the recipient&apos;s address or its domain&apos;s MX: a company on Google Workspace counts as Gmail.
        </p>
        <div className="mt-4">
          <ProviderBreakdown query={query} />
        </div>
      </section>
      <section aria-labelledby="domain-dmarc" className={panelClass}>
        <h2 id="domain-dmarc" className="text-base font-semibold text-zinc-900 dark:text-white">
          DMARC reports
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          What receivers saw sent as {domain.name} over the last 30 days, from every server, yours or not.
        </p>
        <div className="mt-4">
          <DmarcReports domain={domain} />
        </div>
      </section>
    </>
  );
}

export function DomainInsight({ domainId }: { domainId: string }) {
  const domain = useDomain(domainId);
  return (
    <div className="space-y-6">
      <Link href="/domains" className={`${textLinkClass} text-sm`}>
        ← Domains
      </Link>
      <QueryState query={domain} what="this domain">
        {(data) => <Insight domain={data} />}
      </QueryState>
    </div>
  );
}
