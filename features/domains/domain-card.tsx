"use client";
// One sending domain: its state, a link to its stats page, "Verify" (a DNS
// check now, with progress), "Delete…", and the records table.
import Link from "next/link";
import { Badge } from "@/components/badge";
import { buttonClass } from "@/components/button-styles";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { formatDateTime, formatRelativeTime } from "@/components/format-time";
import type { SendingDomain } from "@/shared/schemas/sending-domain";
import { DiscoveryRecords } from "./discovery-records";
import { DnsRecordsTable } from "./dns-records-table";
import { domainStatusText, receivingStatusLabel, receivingTone } from "./domain-status";

type DomainCardProps = {
  domain: SendingDomain;
  verifying: boolean;
  /** Why the last check of this domain could not run. */
  verifyError: string | null;
  onVerify: () => void;
  onDelete: () => void;
};

export function DomainCard({ domain, verifying, verifyError, onVerify, onDelete }: DomainCardProps) {
  const status = domainStatusText[domain.status];
  const headingId = `domain-${domain.domain_id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60"
    >
      <div className="flex flex-col gap-4 px-5 py-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={headingId} className="truncate text-base font-semibold text-zinc-900 dark:text-white">
              {domain.name}
            </h2>
            <Badge tone={status.tone} className="shrink-0">
              {status.label}
            </Badge>
            <Badge tone={receivingTone[domain.receivingStatus]} className="shrink-0">
              Receiving: {receivingStatusLabel[domain.receivingStatus]}
            </Badge>
          </div>
          <p className="mt-1 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">{status.explanation}</p>
          <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
            Added <time dateTime={domain.createdAt}>{formatDateTime(domain.createdAt)}</time>
            {" · "}
            {domain.lastCheckedAt ? (
              <>
                Last checked{" "}
                <time dateTime={domain.lastCheckedAt} title={formatDateTime(domain.lastCheckedAt)}>
                  {formatRelativeTime(domain.lastCheckedAt)}
                </time>
              </>
            ) : (
              "Not checked yet"
            )}
            {domain.verifiedAt ? (
              <>
                {" · "}Verified <time dateTime={domain.verifiedAt}>{formatDateTime(domain.verifiedAt)}</time>
              </>
            ) : null}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Link href={`/domains/${domain.domain_id}`} className={buttonClass("secondary", "sm")}>
            Stats<span className="sr-only"> of {domain.name}</span>
          </Link>
          <Button size="sm" pending={verifying} onClick={onVerify}>
            {verifying ? "Checking DNS…" : "Verify"}
            <span className="sr-only"> {domain.name}</span>
          </Button>
          <Button size="sm" variant="secondary" onClick={onDelete} disabled={verifying}>
            Delete…<span className="sr-only"> {domain.name}</span>
          </Button>
        </div>
      </div>
      {verifyError ? (
        <div className="px-5 pb-4">
          <Alert>{verifyError}</Alert>
        </div>
      ) : null}
      <div className="border-t border-zinc-200 dark:border-zinc-800">
        <DnsRecordsTable domain={domain} />
      </div>
      <DiscoveryRecords domain={domain} />
    </section>
  );
}
