// Paystack: transaction/initialize gives the hosted checkout page,
// transaction/verify/:reference the outcome. Webhooks carry
// x-paystack-signature, the HMAC-SHA512 (hex) of the raw body with the secret key.
import { env } from "@/server/config/env";
import { AppError } from "@/server/errors";
import { logger } from "@/server/logger";
import type { CheckoutRequest, PaymentGateway, PaymentStatus, ProviderOutcome, VerifiedEvent } from "./gateway";
import { invalidSignature, parseSignedJson, requireHmacSignature } from "./signatures";

type Transaction = { id?: number | string; reference?: string; status?: string; amount?: number; currency?: string };

function providerError(detail: unknown): AppError {
  logger().warn({ err: detail, provider: "paystack" }, "Paystack request failed");
  return new AppError("payment_provider_error", "Paystack did not answer. Please try again in a moment.");
}

async function paystack<T>(path: string, init: { method: "GET" | "POST"; body?: object }): Promise<T> {
  const base = env().PAYSTACK_API_BASE.replace(/\/+$/, "");
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      method: init.method,
      headers: { authorization: `Bearer ${env().PAYSTACK_SECRET_KEY}`, "content-type": "application/json", accept: "application/json" },
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw providerError(error);
  }
  const payload = (await response.json().catch(() => null)) as { status?: boolean; message?: string; data?: T } | null;
  if (!response.ok || !payload?.status || payload.data === undefined) {
    throw providerError({ status: response.status, message: payload?.message });
  }
  return payload.data;
}

/** Paystack transaction states as ours: success, failed or reversed, or still open. */
function statusOf(transactionStatus: string | undefined): PaymentStatus {
  if (transactionStatus === "success") return "succeeded";
  // "abandoned" only means the customer has not finished yet: they may still pay.
  if (transactionStatus === "failed" || transactionStatus === "reversed") return "failed";
  return "pending";
}

function outcomeOf(transaction: Transaction, fallbackReference: string): ProviderOutcome {
  return {
    reference: transaction.reference ?? fallbackReference,
    status: statusOf(transaction.status),
    amount: transaction.amount,
    currency: transaction.currency?.toUpperCase(),
  };
}

export const paystackGateway: PaymentGateway = {
  id: "paystack",
  name: "Paystack",
  methods: ["card", "bank", "bank_transfer", "ussd", "mobile_money"],
  test: false,

  async createCheckout(request: CheckoutRequest) {
    const data = await paystack<{ authorization_url: string; access_code: string }>("/transaction/initialize", {
      method: "POST",
      body: {
        email: request.customerEmail,
        amount: request.amount,
        currency: request.currency,
        reference: request.reference,
        callback_url: request.returnUrl,
        metadata: { reference: request.reference, cancel_action: request.cancelUrl },
      },
    });
    return { checkoutUrl: data.authorization_url, providerCheckoutId: data.access_code };
  },

  async verifyWebhook(rawBody: Uint8Array, headers: Headers): Promise<VerifiedEvent> {
    const secret = env().PAYSTACK_SECRET_KEY;
    if (!secret) throw invalidSignature();
    requireHmacSignature("sha512", secret, rawBody, headers.get("x-paystack-signature"));
    const event = parseSignedJson(rawBody) as { event?: string; data?: Transaction };
    const type = typeof event.event === "string" ? event.event : "unknown";
    const data = event.data ?? {};
    // Paystack events have no id of their own: the event name and the transaction id identify one.
    const eventId = `${type}:${data.id ?? data.reference ?? "none"}`;
    const acted = type === "charge.success" || type === "charge.failed";
    const outcome =
      acted && data.reference ? outcomeOf({ ...data, status: type === "charge.success" ? "success" : "failed" }, data.reference) : null;
    return { eventId, type, outcome };
  },

  async fetchOutcome(payment) {
    const data = await paystack<Transaction>(`/transaction/verify/${encodeURIComponent(payment.reference)}`, { method: "GET" });
    return outcomeOf(data, payment.reference);
  },
};

export const isPaystackConfigured = () => !!env().PAYSTACK_SECRET_KEY;
