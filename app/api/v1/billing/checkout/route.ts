import { startCheckout } from "@/shared/api/endpoints/billing";
import { methods, route } from "@/server/http/route";
import { startCheckout as startPaymentCheckout } from "@/server/services/billing/start-checkout";

// POST /api/v1/billing/checkout — pay for a plan or a credit pack
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(startCheckout).handle(({ auth, body, ip, userAgent }) => startPaymentCheckout(auth, body, { ip, userAgent })),
);
