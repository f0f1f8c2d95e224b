import * as api from "@/shared/api/endpoints/billing";
import { methods, route } from "@/server/http/route";
import { verifyPayment } from "@/server/services/billing/verify-payment";

// POST /api/v1/payments/verify — a payment's outcome, asking the provider if needed
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.verifyPayment).handle(({ auth, body }) => verifyPayment(auth.accountId, body.provider, body.reference)),
);
