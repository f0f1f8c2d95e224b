import * as api from "@/shared/api/endpoints/billing";
import { methods, route } from "@/server/http/route";
import { listPlans } from "@/server/services/billing/list-catalog";

// GET /api/v1/billing/plans — the plans on offer
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(api.listPlans).handle(async () => listPlans()));
