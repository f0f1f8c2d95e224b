import { invoiceDocumentSchema, invoiceIdParams } from "@/shared/schemas/invoice-document";
import { defineEndpoint } from "../endpoint";

export const getInvoice = defineEndpoint({
  method: "GET",
  path: "/billing/invoices/{invoice_id}",
  operationId: "getInvoice",
  access: "billing:read",
  summary: "One invoice, with what a printed copy shows",
  description:
    "The portal renders it as a printable page (`/billing/invoices/{invoice_id}`: print or save as PDF). Another account's invoice is 404.",
  tag: "Billing",
  auth: "bearer",
  params: invoiceIdParams,
  response: invoiceDocumentSchema,
  message: "OK",
  errors: ["not_found"],
});
