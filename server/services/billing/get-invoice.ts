// GET /billing/invoices/{invoice_id}: one of the account's invoices, with the
// account and payment details a printed invoice shows.
import { and, eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { accounts, invoices, payments } from "@/server/db/schema";
import { env } from "@/server/config/env";
import { notFound } from "@/server/errors";
import type { InvoiceDocument } from "@/shared/schemas/invoice-document";

export const ISSUER_NAME = "Customer Email Service";

export async function getInvoice(accountId: string, invoiceId: string): Promise<InvoiceDocument> {
  const [row] = await db()
    .select({ invoice: invoices, email: accounts.email, name: accounts.name, provider: payments.provider })
    .from(invoices)
    .innerJoin(accounts, eq(accounts.id, invoices.accountId))
    .leftJoin(payments, eq(payments.reference, invoices.paymentReference))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound("Invoice");
  const { invoice } = row;
  return {
    id: invoice.id,
    number: invoice.number,
    description: invoice.description,
    amount: invoice.amount,
    currency: invoice.currency,
    status: invoice.status,
    periodStart: invoice.periodStart?.toISOString() ?? null,
    periodEnd: invoice.periodEnd?.toISOString() ?? null,
    issuedAt: invoice.issuedAt.toISOString(),
    paidAt: invoice.paidAt?.toISOString() ?? null,
    issuer: { name: ISSUER_NAME, website: env().appUrl },
    billedTo: { email: row.email, name: row.name },
    paymentReference: invoice.paymentReference,
    provider: row.provider ?? "unknown",
  };
}
