import * as api from "@/shared/api/endpoints/billing";
import { methods, route } from "@/server/http/route";
import { listPaymentMethods } from "@/server/services/billing/list-catalog";

// GET /api/v1/payments/methods — enabled providers and their methods
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(api.listPaymentMethods).handle(async () => listPaymentMethods()));
