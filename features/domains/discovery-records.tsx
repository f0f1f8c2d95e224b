"use client";
// Optional records under a domain's table: they let mail apps find the
// settings of its hosted mailboxes by themselves. Never checked; nothing
// depends on them.
import { CopyButton } from "@/components/copy-button";
import type { SendingDomain } from "@/shared/schemas/sending-domain";

const purposeText = { autoconfig: "Thunderbird autoconfig", imap: "IMAP discovery", submission: "SMTP discovery" } as const;

export function DiscoveryRecords({ domain }: { domain: SendingDomain }) {
  if (domain.discoveryRecords.length === 0) return null;
  return (
    <details className="border-t border-zinc-200 px-5 py-3 text-sm dark:border-zinc-800">
      <summary className="cursor-pointer font-medium text-zinc-700 dark:text-zinc-300">
        Optional: records that let mail apps find their settings
      </summary>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">
        For hosted mailboxes only, and not needed: mail apps that find them set themselves up from the address alone.
      </p>
      <ul aria-label={`Optional records for ${domain.name}`} className="mt-3 space-y-3">
        {domain.discoveryRecords.map((record) => {
          const value = record.type === "SRV" ? `${record.priority} ${record.weight} ${record.port} ${record.value}` : record.value;
          return (
            <li key={record.name} className="rounded-lg bg-zinc-50 px-3 py-2.5 dark:bg-zinc-900">
              <p className="text-xs font-medium text-zinc-500 dark:text-zinc-400">
                {purposeText[record.purpose]} · {record.type} · optional
              </p>
              <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
                <code className="font-mono text-[0.8125rem] break-all text-zinc-800 dark:text-zinc-200">{record.name}</code>
                <CopyButton text={record.name} ariaLabel={`Copy the ${purposeText[record.purpose]} name`} variant="ghost" />
                <span aria-hidden="true" className="text-zinc-400">
                  →
                </span>
                <code className="font-mono text-[0.8125rem] break-all text-zinc-800 dark:text-zinc-200">{value}</code>
                <CopyButton text={value} ariaLabel={`Copy the ${purposeText[record.purpose]} value`} variant="ghost" />
              </div>
              {record.type === "SRV" ? (
                <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
                  Priority {record.priority}, weight {record.weight}, port {record.port}, target {record.value}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
