import * as api from "@/shared/api/endpoints/billing";
import { methods, route } from "@/server/http/route";
import { getCredits } from "@/server/services/billing/list-catalog";

// GET /api/v1/billing/credits — credit balance and packs
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(api.getCredits).handle(({ auth }) => getCredits(auth.accountId)));
