import { z } from "zod";
import {
  activateSubscriptionBody,
  checkoutBody,
  checkoutSchema,
  creditsSchema,
  invoiceSchema,
  paymentMethodSchema,
  paymentOutcomeSchema,
  planSchema,
  subscriptionSchema,
  verifyPaymentBody,
  webhookParams,
  webhookReceiptSchema,
} from "@/shared/schemas/billing";
import { emptyBody } from "@/shared/schemas/two-factor";
import { defineEndpoint } from "../endpoint";

export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export const listPlans = defineEndpoint({
  method: "GET",
  path: "/billing/plans",
  operationId: "listPlans",
  access: "public",
  summary: "The plans on offer",
  description:
    "Amounts are integers in minor units (cents). Plans with `contactSales` are arranged with sales, not bought at checkout. No credentials needed.",
  tag: "Billing",
  auth: "none",
  response: z.array(planSchema),
  message: "OK",
});

export const getSubscription = defineEndpoint({
  method: "GET",
  path: "/billing/subscription",
  operationId: "getSubscription",
  access: "billing:read",
  summary: "The account's plan, current period, usage and credits",
  description:
    "Status `active`, `past_due` (a monthly term ended unpaid; paying within 7 days renews it) or `canceled` (a paid plan ended; the account is on Free and `endedPlanId` names it). Free and pay-as-you-go periods are calendar months (UTC).",
  tag: "Billing",
  auth: "bearer",
  response: subscriptionSchema,
  message: "OK",
});

export const getCredits = defineEndpoint({
  method: "GET",
  path: "/billing/credits",
  operationId: "getCredits",
  access: "billing:read",
  summary: "The account's email credit balance and the packs on offer",
  tag: "Billing",
  auth: "bearer",
  response: creditsSchema,
  message: "OK",
});

export const startCheckout = defineEndpoint({
  method: "POST",
  path: "/billing/checkout",
  operationId: "startCheckout",
  access: "billing:write",
  summary: "Start paying for a plan or a credit pack",
  description:
    "Send exactly one of `planId` or `creditPackId`, and an enabled `provider` (see GET /payments/methods). Answers the provider's `checkoutUrl` to send the customer to and the payment `reference`. Free, enterprise and custom are not self-serve (409 `contact_sales`). The same monthly plan bought during its term extends it by a month; another plan starts at once.",
  tag: "Billing",
  auth: "bearer",
  body: checkoutBody,
  response: checkoutSchema,
  status: 201,
  message: "Checkout started",
  errors: ["contact_sales", "payment_provider_error"],
});

export const listInvoices = defineEndpoint({
  method: "GET",
  path: "/billing/invoices",
  operationId: "listInvoices",
  access: "billing:read",
  summary: "The account's invoices, newest first",
  description: "One invoice per succeeded payment. `periodStart`/`periodEnd` are the term paid for (null for credit packs).",
  tag: "Billing",
  auth: "bearer",
  response: z.array(invoiceSchema),
  message: "OK",
});

export const listPaymentMethods = defineEndpoint({
  method: "GET",
  path: "/payments/methods",
  operationId: "listPaymentMethods",
  access: "billing:read",
  summary: "The payment providers enabled here and how each lets customers pay",
  description: "The sandbox (a built-in test gateway, `test: true`) appears only outside production.",
  tag: "Billing",
  auth: "bearer",
  response: z.array(paymentMethodSchema),
  message: "OK",
});

export const verifyPayment = defineEndpoint({
  method: "POST",
  path: "/payments/verify",
  operationId: "verifyPayment",
  access: "billing:write",
  summary: "A payment's outcome",
  description:
    "When no webhook has arrived yet, asks the provider and applies its answer (a succeeded payment activates what it bought). Idempotent. Another account's reference answers 404.",
  tag: "Billing",
  auth: "bearer",
  body: verifyPaymentBody,
  response: paymentOutcomeSchema,
  message: "OK",
  errors: ["not_found"],
});

export const receivePaymentWebhook = defineEndpoint({
  method: "POST",
  path: "/payments/webhooks/{provider}",
  operationId: "receivePaymentWebhook",
  access: "public",
  summary: "Payment provider callbacks (called by the provider only)",
  description:
    "`provider` is `stripe` (Stripe-Signature), `paystack` (x-paystack-signature: HMAC-SHA512 hex of the raw body) or `sandbox` (x-sandbox-signature: HMAC-SHA256 hex of the raw body with SANDBOX_WEBHOOK_SECRET). A missing or wrong signature is 401; an unknown or disabled provider 404. Each event is stored once and applied once, so retries and duplicate deliveries are safe; every verified event answers 200, also types that are ignored. Bodies up to 1 MiB; not subject to the general rate limit, so provider retries are never refused.",
  tag: "Billing",
  auth: "none",
  rateLimit: false,
  params: webhookParams,
  rawBody: {
    limitBytes: WEBHOOK_BODY_LIMIT,
    description:
      'The provider\'s event, exactly as it signed it. Sandbox: `{ id, type: "payment.succeeded" | "payment.failed", data: { reference, amount, currency } }`.',
  },
  response: webhookReceiptSchema,
  message: "Event received",
  errors: ["invalid_signature", "not_found"],
});

export const cancelSubscription = defineEndpoint({
  method: "POST",
  path: "/subscriptions/cancel",
  operationId: "cancelSubscription",
  access: "billing:write",
  summary: "Cancel the plan at the end of its current term",
  description:
    "The plan stays until `currentPeriodEnd`, then the account moves to Free. Cancelling Free or an already cancelled plan is 409 `nothing_to_cancel`. No body is read as `{}`.",
  tag: "Billing",
  auth: "bearer",
  body: emptyBody,
  emptyBodyAllowed: true,
  response: subscriptionSchema,
  message: "Subscription will end with its current term",
  errors: ["nothing_to_cancel"],
});

export const activateSubscription = defineEndpoint({
  method: "POST",
  path: "/subscriptions/activate",
  operationId: "activateSubscription",
  access: "billing:write",
  summary: "Activate what a succeeded payment bought",
  description:
    "Idempotent confirmation after checkout: asks the provider if no webhook has arrived, and answers the subscription. A payment that has not succeeded is 409 `payment_not_succeeded` (`data.status` says pending or failed); another account's reference is 404.",
  tag: "Billing",
  auth: "bearer",
  body: activateSubscriptionBody,
  response: subscriptionSchema,
  message: "Subscription active",
  errors: ["not_found", "payment_not_succeeded"],
});
