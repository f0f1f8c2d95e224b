// The payment providers this instance has switched on: Stripe and Paystack
// when their keys are configured, the sandbox outside production.
import type { PaymentProvider } from "@/shared/schemas/billing";
import type { PaymentGateway } from "./gateway";
import { isPaystackConfigured, paystackGateway } from "./paystack-gateway";
import { isSandboxEnabled, sandboxGateway } from "./sandbox-gateway";
import { isStripeConfigured, stripeGateway } from "./stripe-gateway";

const all: [PaymentGateway, () => boolean][] = [
  [stripeGateway, isStripeConfigured],
  [paystackGateway, isPaystackConfigured],
  [sandboxGateway, isSandboxEnabled],
];

export function enabledGateways(): PaymentGateway[] {
  return all.filter(([, enabled]) => enabled()).map(([gateway]) => gateway);
}

/** The gateway by name, or null when it does not exist or is switched off here. */
export function enabledGateway(id: string): PaymentGateway | null {
  return enabledGateways().find((gateway) => gateway.id === (id as PaymentProvider)) ?? null;
}
