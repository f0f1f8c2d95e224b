import * as api from "@/shared/api/endpoints/billing";
import { methods, route } from "@/server/http/route";
import { listInvoices } from "@/server/services/billing/list-invoices";

// GET /api/v1/billing/invoices — the account's invoices
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(api.listInvoices).handle(({ auth }) => listInvoices(auth.accountId)));
