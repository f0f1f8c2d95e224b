import { methods, route } from "@/server/http/route";
import { getInvoice as getAccountInvoice } from "@/server/services/billing/get-invoice";
import { getInvoice } from "@/shared/api/endpoints/invoices";

// GET /api/v1/billing/invoices/{invoice_id} — one invoice, for the printable page
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(getInvoice).handle(({ auth, params }) => getAccountInvoice(auth.accountId, params.invoice_id)));
