"use client";
// The records a domain's owner publishes, each with a copy button for its
// name and value, whether it is required, and the outcome of its last lookup.
import { Badge } from "@/components/badge";
import { Fragment } from "react";
import { CopyButton } from "@/components/copy-button";
import { formatDateTime, formatRelativeTime } from "@/components/format-time";
import type { SendingDomain } from "@/shared/schemas/sending-domain";
import { purposeLabel, recordStatusText } from "./domain-status";
import { RecordFinding } from "./record-finding";
import { DataTable } from "@/components/data-table";

// Below 48rem of room (a phone, or a narrow column) each record becomes a card:
// the table keeps its rows and cells for assistive technology, the column
// headers give way to a label inside each cell, and the copy buttons stay
// beside their values instead of off the right edge.
const card = {
  table: "@max-3xl:block",
  head: "@max-3xl:hidden",
  body: "@max-3xl:block",
  row: "@max-3xl:grid @max-3xl:grid-cols-[minmax(0,1fr)_auto] @max-3xl:gap-x-3 @max-3xl:gap-y-2.5 @max-3xl:px-4 @max-3xl:py-4",
  cell: "@max-3xl:col-span-2 @max-3xl:p-0",
} as const;

/** The column's name inside a cell, shown only when the record is a card. */
function CellLabel({ children, inline = false }: { children: React.ReactNode; inline?: boolean }) {
  return (
    <span
      className={`text-xs font-medium tracking-wide text-zinc-500 uppercase @3xl:hidden dark:text-zinc-400 ${inline ? "mr-2" : "mb-1 block"}`}
    >
      {children}
    </span>
  );
}

export function DnsRecordsTable({ domain }: { domain: SendingDomain }) {
  const now = new Date();
  return (
    <div className="@container">
      <DataTable
        className={`@3xl:min-w-[48rem] ${card.table}`}
        caption={`DNS records for ${domain.name}`}
        headClassName={`bg-zinc-50/80 text-xs font-medium tracking-wide text-zinc-500 uppercase dark:bg-zinc-900 dark:text-zinc-400 ${card.head}`}
        columns={[
          { label: "Record", className: "px-5 py-2.5" },
          { label: "Type", className: "px-3 py-2.5" },
          { label: "Name", className: "px-3 py-2.5" },
          { label: "Value", className: "px-3 py-2.5" },
          { label: "Status", className: "px-3 py-2.5" },
          { label: "Last checked", className: "px-5 py-2.5" },
        ]}
      >
        <tbody className={`divide-y divide-zinc-200 dark:divide-zinc-800 ${card.body}`}>
          {domain.records.map((record) => {
            const status = recordStatusText[record.status];
            const label = purposeLabel[record.purpose];
            return (
              <tr key={record.purpose} className={`align-top ${card.row}`}>
                <th scope="row" className="px-5 py-3 font-medium text-zinc-900 @max-3xl:p-0 dark:text-white">
                  {label}
                  <span className="block text-xs font-normal text-zinc-500 dark:text-zinc-400">
                    {record.required ? "Required" : record.purpose === "mx" ? "For receiving" : "Recommended"}
                  </span>
                </th>
                <td className={`px-3 py-3 font-mono text-[0.8125rem] ${card.cell}`}>
                  <CellLabel inline>Type</CellLabel>
                  {record.type}
                </td>
                <td className={`w-[13rem] px-3 py-3 @max-3xl:w-auto ${card.cell}`}>
                  <CellLabel>Name</CellLabel>
                  <CopyableValue text={record.name} copyLabel={`Copy ${label} name`} breakAt="dots" />
                </td>
                <td className={`px-3 py-3 ${card.cell}`}>
                  <CellLabel>Value</CellLabel>
                  <CopyableValue text={record.value} copyLabel={`Copy ${label} value`} breakAt="anywhere" />
                  {record.priority !== null ? (
                    <span className="mt-1 block text-xs text-zinc-600 dark:text-zinc-400">Priority {record.priority}</span>
                  ) : null}
                  {/* Under the value it is about, so the status column stays a badge wide (and beside the title on a card). */}
                  <RecordFinding record={record} />
                </td>
                <td className="px-3 py-3 whitespace-nowrap @max-3xl:col-start-2 @max-3xl:row-start-1 @max-3xl:p-0">
                  <Badge tone={status.tone} className="shrink-0">
                    {status.label}
                  </Badge>
                </td>
                <td className={`px-5 py-3 whitespace-nowrap text-zinc-600 dark:text-zinc-400 ${card.cell}`}>
                  <CellLabel inline>Last checked</CellLabel>
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
      </DataTable>
    </div>
  );
}

/**
 * A DNS name breaks after its dots (never inside a label unless one alone is
 * too long); a value (a DKIM key is one 400-character word) anywhere.
 */
function CopyableValue({ text, copyLabel, breakAt }: { text: string; copyLabel: string; breakAt: "dots" | "anywhere" }) {
  const labels = text.split(".");
  return (
    <div className="flex items-start gap-2">
      <code
        className={`min-w-0 flex-1 font-mono text-[0.8125rem] text-zinc-800 dark:text-zinc-200 ${breakAt === "dots" ? "wrap-anywhere" : "break-all"}`}
      >
        {breakAt === "dots"
          ? labels.map((part, index) => (
              <Fragment key={index}>
                {part}
                {index < labels.length - 1 ? "." : null}
                {index < labels.length - 1 ? <wbr /> : null}
              </Fragment>
            ))
          : text}
      </code>
      {/* In the table the icon alone (its name is copyLabel), so the values get the room; on a card the word too. */}
      <CopyButton
        text={text}
        ariaLabel={copyLabel}
        label={<span className="@3xl:sr-only">Copy</span>}
        variant="ghost"
        className="shrink-0"
      />
    </div>
  );
}
