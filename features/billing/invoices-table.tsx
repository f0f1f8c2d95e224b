"use client";
// The account's invoices, newest first.
import Link from "next/link";
import type { z } from "zod";
import type { invoiceSchema } from "@/shared/schemas/billing";
import { LocalDate } from "@/features/account-deletion/local-date";
import { formatMoney } from "./format-money";
import { DataTable } from "@/components/data-table";

type Invoice = z.output<typeof invoiceSchema>;

const statusLabels: Record<Invoice["status"], string> = { paid: "Paid", open: "Open", void: "Void" };

export function InvoicesTable({ invoices }: { invoices: Invoice[] }) {
  if (invoices.length === 0)
    return <p className="px-5 py-5 text-sm text-zinc-600 dark:text-zinc-400">No invoices yet. Each payment gets one.</p>;
  return (
    <div className="overflow-x-auto">
      <DataTable
        caption="Invoices"
        headClassName="bg-zinc-50 text-xs uppercase tracking-wide text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400"
        columns={[
          { label: "Number", className: "px-5 py-2.5 font-medium" },
          { label: "Date", className: "px-5 py-2.5 font-medium" },
          { label: "Description", className: "px-5 py-2.5 font-medium" },
          { label: "Amount", className: "px-5 py-2.5 text-right font-medium" },
          { label: "Status", className: "px-5 py-2.5 font-medium" },
          { label: <span className="sr-only">Invoice</span>, className: "px-5 py-2.5 font-medium" },
        ]}
      >
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {invoices.map((invoice) => (
            <tr key={invoice.id}>
              <th scope="row" className="whitespace-nowrap px-5 py-3 font-mono text-xs font-medium text-zinc-900 dark:text-white">
                {invoice.number}
              </th>
              <td className="whitespace-nowrap px-5 py-3 text-zinc-600 dark:text-zinc-400">
                <LocalDate iso={invoice.issuedAt} />
              </td>
              <td className="px-5 py-3 text-zinc-700 dark:text-zinc-300">{invoice.description}</td>
              <td className="whitespace-nowrap px-5 py-3 text-right tabular-nums text-zinc-900 dark:text-white">
                {formatMoney(invoice.amount, invoice.currency)}
              </td>
              <td className="px-5 py-3 text-zinc-600 dark:text-zinc-400">{statusLabels[invoice.status]}</td>
              <td className="whitespace-nowrap px-5 py-3">
                <Link href={`/billing/invoices/${invoice.id}`} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
                  View<span className="sr-only"> invoice {invoice.number}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </div>
  );
}
