import { activateSubscription } from "@/shared/api/endpoints/billing";
import { methods, route } from "@/server/http/route";
import { activateSubscription as activatePaidPlan } from "@/server/services/billing/activate-subscription";

// POST /api/v1/subscriptions/activate — activate what a succeeded payment bought
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(activateSubscription).handle(({ auth, body }) => activatePaidPlan(auth.accountId, body.reference)),
);
