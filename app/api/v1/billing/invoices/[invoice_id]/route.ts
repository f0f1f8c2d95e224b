import { methods, route } from "@/server/http/route";
import { getInvoice } from "@/server/services/billing/get-invoice";
import * as api from "@/shared/api/endpoints/invoices";

// GET /api/v1/billing/invoices/{invoice_id} — one invoice, for the printable page
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.getInvoice).handle(({ auth, params }) => getInvoice(auth.accountId, params.invoice_id)),
);
