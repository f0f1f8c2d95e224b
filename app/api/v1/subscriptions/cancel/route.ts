import * as api from "@/shared/api/endpoints/billing";
import { methods, route } from "@/server/http/route";
import { cancelSubscription } from "@/server/services/billing/cancel-subscription";

// POST /api/v1/subscriptions/cancel — end the plan with its current term
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.cancelSubscription).handle(({ auth, client }) => cancelSubscription(auth.accountId, client)),
);
