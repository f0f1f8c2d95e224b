import { verifyPayment } from "@/shared/api/endpoints/billing";
import { methods, route } from "@/server/http/route";
import { verifyPayment as verifyAccountPayment } from "@/server/services/billing/verify-payment";

// POST /api/v1/payments/verify — a payment's outcome, asking the provider if needed
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(verifyPayment).handle(({ auth, body }) => verifyAccountPayment(auth.accountId, body.provider, body.reference)),
);
