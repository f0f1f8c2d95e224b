// The receipt sent when a payment succeeds: what was paid, for what, and
// where the printable invoice is.
import type { EmailMessage } from "@/server/outbound/message";
import { renderEmail } from "./layout";

export type Receipt = { invoiceNumber: string; description: string; amount: number; currency: string; invoiceUrl: string };

const money = (amount: number, currency: string) => new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amount / 100);

export function paymentReceiptEmail(to: string, receipt: Receipt): EmailMessage {
  const paid = money(receipt.amount, receipt.currency);
  return {
    to,
    template: "payment-receipt",
    ...renderEmail({
      subject: `Receipt for ${paid} (${receipt.invoiceNumber})`,
      preheader: `We received your payment of ${paid}. Thank you.`,
      blocks: [
        { kind: "paragraph", text: `We received your payment of ${paid} for ${receipt.description}. Thank you.` },
        { kind: "paragraph", text: `Invoice ${receipt.invoiceNumber} is ready to print or save as PDF: ${receipt.invoiceUrl}` },
        { kind: "button", href: receipt.invoiceUrl, label: "View invoice" },
        { kind: "note", text: "Questions about this payment? Reply through the support page and quote the invoice number." },
      ],
    }),
  };
}
