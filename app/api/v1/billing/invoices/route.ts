import { listInvoices } from "@/shared/api/endpoints/billing";
import { methods, route } from "@/server/http/route";
import { listInvoices as listAccountInvoices } from "@/server/services/billing/list-invoices";

// GET /api/v1/billing/invoices — the account's invoices
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(listInvoices).handle(({ auth }) => listAccountInvoices(auth.accountId)));
