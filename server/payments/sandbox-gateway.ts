// The sandbox: a payment gateway built into the app for local use and tests
// (docs/billing.md), on outside production only. It keeps its own books
// (sandbox_charges), shows a checkout page with Pay and Decline, and reports
// the decision the way a real gateway does: a webhook signed with
// SANDBOX_WEBHOOK_SECRET (x-sandbox-signature, HMAC-SHA256 hex of the raw
// body), delivered over HTTP to our own webhook endpoint.
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { sandboxCharges } from "@/server/db/schema";
import { env } from "@/server/config/env";
import { logger } from "@/server/logger";
import type { CheckoutRequest, PaymentGateway, PaymentStatus, VerifiedEvent } from "./gateway";
import { hmacHex, invalidSignature, parseSignedJson, requireHmacSignature } from "./signatures";

export const SANDBOX_SIGNATURE_HEADER = "x-sandbox-signature";

export type SandboxEvent = {
  id: string;
  type: "payment.succeeded" | "payment.failed";
  data: { reference: string; amount: number; currency: string };
};

export const isSandboxEnabled = () => !!env().sandboxWebhookSecret;

export const sandboxCheckoutPath = (reference: string) => `/billing/sandbox/checkout/${encodeURIComponent(reference)}`;

export const sandboxGateway: PaymentGateway = {
  id: "sandbox",
  name: "Sandbox (test payments)",
  methods: ["card"],
  test: true,

  async createCheckout(request: CheckoutRequest) {
    await db()
      .insert(sandboxCharges)
      .values({
        reference: request.reference,
        amount: request.amount,
        currency: request.currency,
        description: request.description,
        returnUrl: request.returnUrl,
      })
      .onConflictDoNothing();
    return { checkoutUrl: `${env().appUrl}${sandboxCheckoutPath(request.reference)}`, providerCheckoutId: null };
  },

  async verifyWebhook(rawBody: Uint8Array, headers: Headers): Promise<VerifiedEvent> {
    const secret = env().sandboxWebhookSecret;
    if (!secret) throw invalidSignature();
    requireHmacSignature("sha256", secret, rawBody, headers.get(SANDBOX_SIGNATURE_HEADER));
    const event = parseSignedJson(rawBody) as Partial<SandboxEvent>;
    if (typeof event.id !== "string" || typeof event.type !== "string") throw invalidSignature();
    const data = event.data;
    const status: PaymentStatus | null =
      event.type === "payment.succeeded" ? "succeeded" : event.type === "payment.failed" ? "failed" : null;
    const outcome =
      status && data && typeof data.reference === "string"
        ? { reference: data.reference, status, amount: data.amount, currency: data.currency }
        : null;
    return { eventId: event.id, type: event.type, outcome };
  },

  async fetchOutcome(payment) {
    const [charge] = await db().select().from(sandboxCharges).where(eq(sandboxCharges.reference, payment.reference)).limit(1);
    if (!charge) return { reference: payment.reference, status: "pending" };
    return { reference: charge.reference, status: charge.outcome, amount: charge.amount, currency: charge.currency };
  },
};

export async function findSandboxCharge(reference: string) {
  if (!isSandboxEnabled()) return undefined;
  const [charge] = await db().select().from(sandboxCharges).where(eq(sandboxCharges.reference, reference)).limit(1);
  return charge;
}

/** Sign a sandbox event exactly as the gateway does (also what tests use to play the gateway). */
export function signSandboxEvent(body: string, secret: string): string {
  return hmacHex("sha256", secret, Buffer.from(body));
}

/** POSTs the event to our webhook endpoint, retrying a little; a lost delivery is made up by payments/verify. */
async function deliverWebhook(event: SandboxEvent): Promise<boolean> {
  const body = JSON.stringify(event);
  const signature = signSandboxEvent(body, env().sandboxWebhookSecret!);
  const url = `http://127.0.0.1:${env().PORT}/api/v1/payments/webhooks/sandbox`;
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signature, "user-agent": "sandbox-gateway" },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (response.ok) return true;
      logger().warn({ status: response.status, attempt, eventId: event.id }, "sandbox webhook delivery refused");
    } catch (error) {
      logger().warn({ err: error, attempt, eventId: event.id }, "sandbox webhook delivery failed");
    }
    await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
  }
  return false;
}

/**
 * The customer pressed Pay or Decline on the sandbox checkout page. The first
 * decision wins (conditional UPDATE); the webhook goes out for it. Returns
 * where to send the customer, or null for an unknown charge.
 */
export async function decideSandboxCharge(reference: string, decision: "pay" | "decline"): Promise<string | null> {
  if (!isSandboxEnabled()) return null;
  const outcome = decision === "pay" ? "succeeded" : "failed";
  const eventId = `evt_sandbox_${randomBytes(12).toString("hex")}`;
  const [decided] = await db()
    .update(sandboxCharges)
    .set({ outcome, eventId, decidedAt: new Date() })
    .where(and(eq(sandboxCharges.reference, reference), eq(sandboxCharges.outcome, "pending")))
    .returning();
  const charge = decided ?? (await findSandboxCharge(reference));
  if (!charge) return null;
  if (decided) {
    await deliverWebhook({
      id: eventId,
      type: outcome === "succeeded" ? "payment.succeeded" : "payment.failed",
      data: { reference: charge.reference, amount: charge.amount, currency: charge.currency },
    });
  }
  return charge.returnUrl;
}
