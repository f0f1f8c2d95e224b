import { listPlans } from "@/shared/api/endpoints/billing";
import { methods, route } from "@/server/http/route";
import { listPlans as listCatalogPlans } from "@/server/services/billing/list-catalog";

// GET /api/v1/billing/plans — the plans on offer
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(listPlans).handle(async () => listCatalogPlans()));
