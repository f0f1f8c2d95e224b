// GET /billing/invoices: the account's invoices, newest first.
import { desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { invoiceSchema } from "@/shared/schemas/billing";
import { db } from "@/server/db/client";
import { invoices } from "@/server/db/schema";

export async function listInvoices(accountId: string): Promise<z.input<typeof invoiceSchema>[]> {
  const rows = await db()
    .select()
    .from(invoices)
    .where(eq(invoices.accountId, accountId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.number));
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    description: row.description,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    issuedAt: row.issuedAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  }));
}
