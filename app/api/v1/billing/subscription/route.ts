import * as api from "@/shared/api/endpoints/billing";
import { methods, route } from "@/server/http/route";
import { subscriptionView } from "@/server/services/billing/subscription-view";

// GET /api/v1/billing/subscription — plan, period, usage and credits
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(api.getSubscription).handle(({ auth }) => subscriptionView(auth.accountId)));
