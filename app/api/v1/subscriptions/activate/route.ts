import * as api from "@/shared/api/endpoints/billing";
import { methods, route } from "@/server/http/route";
import { activateSubscription } from "@/server/services/billing/activate-subscription";

// POST /api/v1/subscriptions/activate — activate what a succeeded payment bought
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.activateSubscription).handle(({ auth, body }) => activateSubscription(auth.accountId, body.reference)),
);
