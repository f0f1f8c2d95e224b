"use client";
// A banner for each sending domain whose last 24 hours passed a bounce or
// complaint rate providers act on (GET /sending/reputation-warnings), with
// what to do about it. Shows nothing while loading, on failure or when all is well:
// it is a warning, not the page's content.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Alert } from "@/components/alert";
import { portalFetch } from "@/features/api/portal-fetch";
import { listReputationWarnings } from "@/shared/api/endpoint-refs";
import type { ReputationWarning } from "@/shared/schemas/stats";

const advice: Record<ReputationWarning["metric"], string> = {
  bounce_rate:
    "Mailbox providers start filtering or refusing a sender past 4 %. Send only to addresses that asked for your mail, confirm new sign-ups, and drop addresses that have not opened in months; bounced addresses are already suppressed, so the same ones are not tried twice.",
  complaint_rate:
    "Providers act on complaints past 0.1 %. Send only what recipients signed up for, name your brand in the From, and send subscribed mail with a topic so each copy has a one-click unsubscribe; those who complained are already suppressed.",
};

const what = (warning: ReputationWarning) => (warning.metric === "bounce_rate" ? "Bounce rate" : "Complaint rate");

export function ReputationBanner({ domainId }: { domainId?: string }) {
  const warnings = useQuery({
    queryKey: ["sending", "reputation-warnings", domainId ?? null],
    queryFn: ({ signal }) => portalFetch(listReputationWarnings, { query: domainId ? { domainId } : {}, signal }),
    staleTime: 0,
  });
  if (!warnings.data?.length) return null;
  return (
    <div className="space-y-3" data-testid="reputation-warnings">
      {warnings.data.map((warning) => (
        <Alert key={warning.id} tone="warning">
          <div className="space-y-1">
            <p className="font-medium">
              {what(warning)} of {warning.domain}: {warning.rate}% of {warning.sent.toLocaleString("en-US")} recipients in the last 24 hours
              (above {warning.threshold}%).
            </p>
            <p>{advice[warning.metric]}</p>
            {domainId ? null : (
              <p>
                <Link href={`/domains/${warning.domainId}`} className="font-medium underline">
                  See {warning.domain}&apos;s stats
                </Link>
              </p>
            )}
          </div>
        </Alert>
      ))}
    </div>
  );
}
