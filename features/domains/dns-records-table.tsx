"use client";
// The records a domain's owner publishes, each with a copy button for its
// name and value, whether it is required, and the outcome of its last lookup.
import { CopyButton } from "@/components/copy-button";
import { formatDateTime, formatRelativeTime } from "@/features/sessions/format-time";
import type { SendingDomain } from "@/shared/schemas/sending-domain";
import { purposeLabel, recordStatusText, StatusBadge } from "./domain-status";
import { RecordFinding } from "./record-finding";

export function DnsRecordsTable({ domain }: { domain: SendingDomain }) {
  const now = new Date();
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">DNS records for {domain.name}</caption>
        <thead className="bg-zinc-50/80 text-xs font-medium tracking-wide text-zinc-500 uppercase dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            <th scope="col" className="px-5 py-2.5">Record</th>
            <th scope="col" className="px-3 py-2.5">Type</th>
            <th scope="col" className="px-3 py-2.5">Name</th>
            <th scope="col" className="px-3 py-2.5">Value</th>
            <th scope="col" className="px-3 py-2.5">Status</th>
            <th scope="col" className="px-5 py-2.5">Last checked</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {domain.records.map((record) => {
            const status = recordStatusText[record.status];
            const label = purposeLabel[record.purpose];
            return (
              <tr key={record.purpose} className="align-top">
                <th scope="row" className="px-5 py-3 font-medium text-zinc-900 dark:text-white">
                  {label}
                  <span className="block text-xs font-normal text-zinc-500 dark:text-zinc-400">{record.required ? "Required" : "Recommended"}</span>
                </th>
                <td className="px-3 py-3 font-mono text-[0.8125rem]">{record.type}</td>
                <td className="px-3 py-3">
                  <CopyableValue text={record.name} copyLabel={`Copy ${label} name`} />
                </td>
                <td className="max-w-md px-3 py-3">
                  <CopyableValue text={record.value} copyLabel={`Copy ${label} value`} />
                </td>
                <td className="px-3 py-3">
                  <StatusBadge {...status} />
                  <RecordFinding record={record} />
                </td>
                <td className="px-5 py-3 whitespace-nowrap text-zinc-600 dark:text-zinc-400">
                  {record.lastCheckedAt ? (
                    <time dateTime={record.lastCheckedAt} title={formatDateTime(record.lastCheckedAt)}>
                      {formatRelativeTime(record.lastCheckedAt, now)}
                    </time>
                  ) : (
                    "Never"
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function CopyableValue({ text, copyLabel }: { text: string; copyLabel: string }) {
  return (
    <div className="flex items-start gap-2">
      <code className="min-w-0 flex-1 font-mono text-[0.8125rem] break-all text-zinc-800 dark:text-zinc-200">{text}</code>
      <CopyButton text={text} ariaLabel={copyLabel} variant="ghost" className="shrink-0" />
    </div>
  );
}
