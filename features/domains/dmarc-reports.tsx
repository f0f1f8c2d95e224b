"use client";
// A domain's DMARC aggregate reports on its page (docs/deliverability.md,
// "DMARC reports"): who sent mail as the domain over the last 30 days, with
// how much of it passed SPF and DKIM aligned (a source failing them is
// flagged), and the latest reports received.
import { formatPercent } from "@/components/format-percent";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/badge";
import { formatDateTime } from "@/components/format-time";
import { QueryState } from "@/components/query-state";
import { portalFetch } from "@/features/api/portal-fetch";
import { listDmarcReports, listDmarcSources } from "@/shared/api/endpoint-refs";
import type { SendingDomain } from "@/shared/schemas/sending-domain";

const headClass = "py-1 pr-3 font-medium";

function useDmarcSources(domainId: string) {
  return useQuery({
    queryKey: ["sending", "domains", domainId, "dmarc-sources"],
    queryFn: ({ signal }) => portalFetch(listDmarcSources, { params: { domain_id: domainId }, signal }),
  });
}

function useDmarcReports(domainId: string) {
  return useQuery({
    queryKey: ["sending", "domains", domainId, "dmarc-reports"],
    queryFn: ({ signal }) => portalFetch(listDmarcReports, { params: { domain_id: domainId }, query: { limit: 10 }, signal }),
  });
}

function NoReports({ domain }: { domain: SendingDomain }) {
  const record = domain.records.find((entry) => entry.purpose === "dmarc");
  return (
    <div className="text-sm text-zinc-600 dark:text-zinc-400">
      <p>
        No reports yet. Receivers such as Gmail and Outlook send one a day for the mail they saw from {domain.name}, once its DMARC record
        asks for them:
      </p>
      {record ? (
        <p className="mt-2 font-mono text-xs break-all text-zinc-800 dark:text-zinc-200">
          {record.name} TXT &quot;{record.value}&quot;
        </p>
      ) : null}
    </div>
  );
}

function Sources({ domain }: { domain: SendingDomain }) {
  const sources = useDmarcSources(domain.domain_id);
  return (
    <QueryState query={sources} what="the DMARC sources" empty={<NoReports domain={domain} />}>
      {(data) => (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm tabular-nums">
            <caption className="sr-only">Servers that sent mail as {domain.name}, from the DMARC reports of the last 30 days</caption>
            <thead className="text-xs text-zinc-600 dark:text-zinc-400">
              <tr>
                <th scope="col" className={headClass}>
                  Source
                </th>
                <th scope="col" className={`${headClass} text-right`}>
                  Messages
                </th>
                <th scope="col" className={`${headClass} text-right`}>
                  SPF aligned
                </th>
                <th scope="col" className={`${headClass} text-right`}>
                  DKIM aligned
                </th>
                <th scope="col" className={`${headClass} hidden sm:table-cell`}>
                  Receivers did
                </th>
              </tr>
            </thead>
            <tbody className="text-zinc-800 dark:text-zinc-200">
              {data.map((source) => (
                <tr key={source.sourceIp} className="border-t border-zinc-100 align-top dark:border-zinc-800" data-testid="dmarc-source">
                  <th scope="row" className="py-2 pr-3 font-normal">
                    <span className="block font-mono text-xs break-all">{source.sourceIp}</span>
                    <span className="block text-xs break-all text-zinc-500 dark:text-zinc-400">
                      {source.reverseName ?? "no reverse name"}
                    </span>
                    {source.failing ? (
                      <Badge tone="warning" className="mt-1">
                        Fails DMARC
                      </Badge>
                    ) : null}
                  </th>
                  <td className="py-2 pr-3 text-right">{source.messages.toLocaleString("en-US")}</td>
                  <td className="py-2 pr-3 text-right">{formatPercent(source.spfAligned, source.messages, 0)}</td>
                  <td className="py-2 pr-3 text-right">{formatPercent(source.dkimAligned, source.messages, 0)}</td>
                  <td className="hidden py-2 pr-3 text-xs sm:table-cell">
                    {(["none", "quarantine", "reject"] as const)
                      .filter((kind) => source.disposition[kind] > 0)
                      .map((kind) => `${kind === "none" ? "delivered" : kind} ${source.disposition[kind].toLocaleString("en-US")}`)
                      .join(", ")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.some((source) => source.failing) ? (
            <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
              A source that fails DMARC sends as {domain.name} without an aligned SPF or DKIM pass: a service of yours that still needs its
              SPF include or DKIM key, or someone else using your domain. Tighten the policy (p=quarantine, then p=reject) once every source
              of yours passes.
            </p>
          ) : null}
        </div>
      )}
    </QueryState>
  );
}

function Reports({ domainId }: { domainId: string }) {
  const reports = useDmarcReports(domainId);
  return (
    <QueryState query={reports} what="the DMARC reports" isEmpty={(data) => data.items.length === 0} empty={null}>
      {(data) => (
        <ul aria-label="Latest DMARC reports" className="space-y-2 text-sm">
          {data.items.map((report) => (
            <li key={report.id} className="flex flex-wrap justify-between gap-x-4 text-zinc-800 dark:text-zinc-200">
              <span className="min-w-0 break-words">
                {report.reporter}: <time dateTime={report.begin}>{formatDateTime(report.begin)}</time> to{" "}
                <time dateTime={report.end}>{formatDateTime(report.end)}</time>
              </span>
              <span className="text-zinc-600 tabular-nums dark:text-zinc-400">
                {report.messages.toLocaleString("en-US")} messages, {report.passRate === null ? "—" : `${report.passRate}%`} passed
              </span>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

export function DmarcReports({ domain }: { domain: SendingDomain }) {
  return (
    <div className="space-y-6">
      <Sources domain={domain} />
      <Reports domainId={domain.domain_id} />
    </div>
  );
}
