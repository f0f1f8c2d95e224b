import * as api from "@/shared/api/endpoints/billing";
import { methods, route } from "@/server/http/route";
import { receiveWebhook } from "@/server/services/billing/receive-webhook";

// POST /api/v1/payments/webhooks/{provider} — signed provider callbacks
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.receivePaymentWebhook).handle(({ params, rawBody, request }) => receiveWebhook(params.provider, rawBody, request.headers)),
);
