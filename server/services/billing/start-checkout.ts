// POST /billing/checkout: a pending payment for a plan term or a credit pack,
// and the provider's checkout page to pay it on.
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import type { checkoutBody, checkoutSchema } from "@/shared/schemas/billing";
import { db } from "@/server/db/client";
import { payments } from "@/server/db/schema";
import { env } from "@/server/config/env";
import { AppError } from "@/server/errors";
import { enabledGateway } from "@/server/payments/gateways";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";
import type { ClientInfo } from "@/shared/api/client-info";
import { BILLING_CURRENCY, creditPackById, planById } from "./catalog";

/** Unguessable, and only characters every provider accepts in a reference (Paystack: alphanumerics, - . =). */
const newReference = () => `pay-${randomBytes(16).toString("hex")}`;

function itemOf(body: z.output<typeof checkoutBody>): { amount: number; description: string } {
  if (body.creditPackId) {
    const pack = creditPackById(body.creditPackId)!;
    return { amount: pack.amount, description: pack.name };
  }
  const plan = planById(body.planId!);
  if (!plan.selfServe || plan.amount === null || plan.amount <= 0) {
    const why =
      plan.id === "free"
        ? "Free is not bought: cancel the current plan to return to it at the end of its term."
        : `The ${plan.name} plan is arranged with our sales team.`;
    throw new AppError("contact_sales", why);
  }
  return { amount: plan.amount, description: plan.interval === "month" ? `${plan.name} plan, one month` : `${plan.name} plan` };
}

export async function startCheckout(
  auth: AuthContext,
  body: z.output<typeof checkoutBody>,
  client: ClientInfo,
): Promise<z.input<typeof checkoutSchema>> {
  const gateway = enabledGateway(body.provider);
  if (!gateway) {
    throw new AppError("validation_error", "This payment provider is not enabled.", {
      errors: [{ path: "provider", message: "This payment provider is not enabled" }],
    });
  }
  const { amount, description } = itemOf(body);
  const reference = newReference();
  const returnUrl = `${env().appUrl}/billing/return?provider=${gateway.id}&reference=${reference}`;
  const session = await gateway.createCheckout({
    reference,
    amount,
    currency: BILLING_CURRENCY,
    description,
    customerEmail: auth.account.email,
    returnUrl,
    cancelUrl: `${env().appUrl}/billing?checkout=canceled`,
  });
  await db().transaction(async (tx) => {
    await tx.insert(payments).values({
      reference,
      accountId: auth.accountId,
      provider: gateway.id,
      planId: body.planId ?? null,
      creditPackId: body.creditPackId ?? null,
      amount,
      currency: BILLING_CURRENCY,
      providerCheckoutId: session.providerCheckoutId,
      checkoutUrl: session.checkoutUrl,
    });
    await recordActivity(
      {
        accountId: auth.accountId,
        type: "billing.checkout_started",
        description: `Checkout started: ${description} with ${gateway.name}`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { reference, provider: gateway.id, planId: body.planId ?? null, creditPackId: body.creditPackId ?? null },
      },
      tx,
    );
  });
  return {
    reference,
    checkoutUrl: session.checkoutUrl,
    amount,
    currency: BILLING_CURRENCY,
    provider: gateway.id,
    planId: body.planId ?? null,
    creditPackId: body.creditPackId ?? null,
  };
}
