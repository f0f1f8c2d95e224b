// One invoice with what a printed copy needs: who issued it, who it is for,
// and the payment it records.
import { z } from "zod";
import { invoiceSchema } from "./billing";

export const invoiceIdParams = z.object({ invoice_id: z.string() });

export const invoiceDocumentSchema = invoiceSchema
  .extend({
    issuer: z.object({ name: z.string(), website: z.string() }),
    billedTo: z.object({ email: z.string(), name: z.string().nullable() }),
    paymentReference: z.string().meta({ description: "The payment this invoice records, as its provider knows it." }),
    provider: z.string(),
  })
  .meta({ id: "InvoiceDocument" });

export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;
