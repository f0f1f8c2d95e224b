import * as api from "@/shared/api/endpoints/billing";
import { methods, route } from "@/server/http/route";
import { startCheckout } from "@/server/services/billing/start-checkout";

// POST /api/v1/billing/checkout — pay for a plan or a credit pack
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.startCheckout).handle(({ auth, body, client }) => startCheckout(auth, body, client)),
);
