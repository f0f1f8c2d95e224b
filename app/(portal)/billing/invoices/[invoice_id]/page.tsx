import type { Metadata } from "next";
import { InvoiceDocument } from "@/features/billing/invoice-document";

export const metadata: Metadata = { title: "Invoice" };

export default async function InvoicePage({ params }: { params: Promise<{ invoice_id: string }> }) {
  return <InvoiceDocument invoiceId={(await params).invoice_id} />;
}
