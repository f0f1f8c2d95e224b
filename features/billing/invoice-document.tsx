"use client";
// A printable invoice (print it, or save it as PDF from the print dialog).
// The page's shell (header, navigation, footer) is hidden in print by
// app/globals.css, so the paper shows the invoice alone.
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import Link from "next/link";
import { Button } from "@/components/button";
import { QueryState } from "@/components/query-state";
import { LocalDate } from "@/features/account-deletion/local-date";
import { portalFetch } from "@/features/api/portal-fetch";
import { getInvoice } from "@/shared/api/endpoint-refs";
import type { invoiceDocumentSchema } from "@/shared/schemas/invoice-document";
import { formatMoney } from "./format-money";
import { DataTable } from "@/components/data-table";

type InvoiceDetail = z.output<typeof invoiceDocumentSchema>;

const statusLabels = { paid: "Paid", open: "Open", void: "Void" } as const;

export function InvoiceDocument({ invoiceId }: { invoiceId: string }) {
  const invoice = useQuery({
    queryKey: ["billing", "invoices", invoiceId],
    queryFn: ({ signal }) => portalFetch(getInvoice, { params: { invoice_id: invoiceId }, signal }),
  });
  return (
    <QueryState query={invoice} what="the invoice">
      {(data) => <Invoice data={data} />}
    </QueryState>
  );
}

function Invoice({ data }: { data: InvoiceDetail }) {
  const amount = formatMoney(data.amount, data.currency);
  return (
    <div data-invoice-document className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link href="/billing" className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          ← Billing
        </Link>
        <Button onClick={() => window.print()}>Print or save as PDF</Button>
      </div>
      <article
        aria-labelledby="invoice-title"
        className="rounded-xl border border-zinc-200 bg-white p-8 text-zinc-900 shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60 dark:text-zinc-100 print:border-0 print:bg-white print:p-0 print:text-black print:shadow-none"
      >
        <header className="flex flex-wrap justify-between gap-6">
          <div>
            <h1 id="invoice-title" className="text-2xl font-semibold tracking-tight">
              Invoice {data.number}
            </h1>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400 print:text-black">
              Issued <LocalDate iso={data.issuedAt} /> · {statusLabels[data.status]}
              {data.paidAt ? (
                <>
                  {" "}
                  on <LocalDate iso={data.paidAt} />
                </>
              ) : null}
            </p>
          </div>
          <div className="text-right text-sm">
            <p className="font-semibold">{data.issuer.name}</p>
            <p className="text-zinc-600 dark:text-zinc-400 print:text-black">{data.issuer.website}</p>
          </div>
        </header>
        <section aria-label="Billed to" className="mt-8 text-sm">
          <p className="text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400 print:text-zinc-600">Billed to</p>
          {data.billedTo.name ? <p className="mt-1">{data.billedTo.name}</p> : null}
          <p>{data.billedTo.email}</p>
        </section>
        <DataTable
          className="mt-8"
          caption="Invoice lines"
          headClassName="border-b border-zinc-200 text-xs tracking-wide text-zinc-500 uppercase dark:border-zinc-700 dark:text-zinc-400 print:text-zinc-600"
          columns={[
            { label: "Description", className: "py-2 font-medium" },
            { label: "Amount", className: "py-2 text-right font-medium" },
          ]}
        >
          <tbody>
            <tr className="border-b border-zinc-200 dark:border-zinc-700">
              <td className="py-3">{data.description}</td>
              <td className="py-3 text-right tabular-nums">{amount}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="pt-3 text-right font-semibold">
                Total {data.status === "paid" ? "paid" : "due"}
              </th>
              <td data-testid="invoice-total" className="pt-3 text-right font-semibold tabular-nums">
                {amount}
              </td>
            </tr>
          </tfoot>
        </DataTable>
        <p className="mt-8 text-xs text-zinc-500 dark:text-zinc-400 print:text-black">
          Payment {data.paymentReference} ({data.provider}). Amounts in {data.currency.toUpperCase()}.
        </p>
      </article>
    </div>
  );
}
