import { getCredits } from "@/shared/api/endpoints/billing";
import { methods, route } from "@/server/http/route";
import { getCredits as getAccountCredits } from "@/server/services/billing/list-catalog";

// GET /api/v1/billing/credits — credit balance and packs
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(getCredits).handle(({ auth }) => getAccountCredits(auth.accountId)));
