// Stripe Checkout in payment mode: one Checkout Session per payment, our
// reference in its metadata. Webhooks are verified by the official SDK's
// constructEvent on the raw body (Stripe-Signature, with its replay tolerance).
import Stripe from "stripe";
import { env } from "@/server/config/env";
import { AppError } from "@/server/errors";
import { logger } from "@/server/logger";
import type { CheckoutRequest, PaymentGateway, ProviderOutcome, VerifiedEvent } from "./gateway";
import { invalidSignature } from "./signatures";

type CheckoutSessionObject = {
  id: string;
  status: string | null;
  payment_status: string;
  client_reference_id: string | null;
  metadata: Record<string, string> | null;
  amount_total: number | null;
  currency: string | null;
};

let cached: { key: string; client: Stripe } | undefined;

function client(): Stripe {
  const key = env().STRIPE_SECRET_KEY!;
  if (cached?.key !== key) {
    const base = env().STRIPE_API_BASE ? new URL(env().STRIPE_API_BASE!) : undefined;
    cached = {
      key,
      client: new Stripe(key, {
        maxNetworkRetries: 1,
        timeout: 15_000,
        telemetry: false,
        ...(base
          ? {
              host: base.hostname,
              port: base.port || (base.protocol === "https:" ? 443 : 80),
              protocol: base.protocol === "http:" ? "http" : "https",
            }
          : {}),
      }),
    };
  }
  return cached.client;
}

/** A Checkout Session's state as our payment status. */
function outcomeOf(session: CheckoutSessionObject, type?: string): ProviderOutcome | null {
  const reference = session.metadata?.reference ?? session.client_reference_id;
  if (!reference) return null;
  const amounts = { amount: session.amount_total ?? undefined, currency: session.currency?.toUpperCase() };
  if (type === "checkout.session.async_payment_failed" || type === "checkout.session.expired" || session.status === "expired") {
    return { reference, status: "failed", ...amounts };
  }
  if (session.payment_status === "paid") return { reference, status: "succeeded", ...amounts };
  return { reference, status: "pending", ...amounts };
}

const sessionEvents = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

function providerError(error: unknown): AppError {
  logger().warn({ err: error, provider: "stripe" }, "Stripe request failed");
  return new AppError("payment_provider_error", "Stripe did not answer. Please try again in a moment.");
}

export const stripeGateway: PaymentGateway = {
  id: "stripe",
  name: "Stripe",
  methods: ["card"],
  test: false,

  async createCheckout(request: CheckoutRequest) {
    try {
      const session = await client().checkout.sessions.create(
        {
          mode: "payment",
          client_reference_id: request.reference,
          metadata: { reference: request.reference },
          customer_email: request.customerEmail,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amount,
                product_data: { name: request.description },
              },
            },
          ],
          success_url: request.returnUrl,
          cancel_url: request.cancelUrl,
        },
        // A retried create returns the same session instead of a second one.
        { idempotencyKey: `checkout-${request.reference}` },
      );
      if (!session.url) throw new Error("Stripe returned a Checkout Session without a url");
      return { checkoutUrl: session.url, providerCheckoutId: session.id };
    } catch (error) {
      throw providerError(error);
    }
  },

  async verifyWebhook(rawBody: Uint8Array, headers: Headers): Promise<VerifiedEvent> {
    const header = headers.get("stripe-signature");
    const secret = env().STRIPE_WEBHOOK_SECRET;
    if (!header || !secret) throw invalidSignature();
    let event: { id: string; type: string; data: { object: unknown } };
    try {
      event = client().webhooks.constructEvent(Buffer.from(rawBody), header, secret) as unknown as typeof event;
    } catch {
      throw invalidSignature();
    }
    const outcome = sessionEvents.has(event.type) ? outcomeOf(event.data.object as CheckoutSessionObject, event.type) : null;
    return { eventId: event.id, type: event.type, outcome };
  },

  async fetchOutcome(payment) {
    if (!payment.providerCheckoutId) return { reference: payment.reference, status: "pending" };
    try {
      const session = (await client().checkout.sessions.retrieve(payment.providerCheckoutId)) as unknown as CheckoutSessionObject;
      return outcomeOf(session) ?? { reference: payment.reference, status: "pending" };
    } catch (error) {
      throw providerError(error);
    }
  },
};

export const isStripeConfigured = () => !!env().STRIPE_SECRET_KEY && !!env().STRIPE_WEBHOOK_SECRET;
