// What the billing services need from a payment provider. Each provider
// (stripe, paystack, sandbox) implements it in its own module; the services
// never know which one they talk to.
import type { PaymentProvider } from "@/shared/schemas/billing";

export type PaymentStatus = "pending" | "succeeded" | "failed";

export type CheckoutRequest = {
  reference: string;
  amount: number;
  currency: string;
  description: string;
  customerEmail: string;
  /** Where the provider sends the customer after paying (our return page). */
  returnUrl: string;
  /** Where the provider sends the customer who gives up. */
  cancelUrl: string;
};

export type CheckoutSession = { checkoutUrl: string; providerCheckoutId: string | null };

/** What the provider says about one payment; amount and currency when it tells them. */
export type ProviderOutcome = { reference: string; status: PaymentStatus; amount?: number; currency?: string };

/** A webhook whose signature checked out; `outcome` is null for event types we do not act on. */
export type VerifiedEvent = { eventId: string; type: string; outcome: ProviderOutcome | null };

export interface PaymentGateway {
  id: PaymentProvider;
  name: string;
  /** Ways to pay this provider offers at checkout (for GET /payments/methods). */
  methods: string[];
  /** True when no real money moves (the sandbox). */
  test: boolean;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Checks the signature on the raw body; throws AppError("invalid_signature") on any doubt. */
  verifyWebhook(rawBody: Uint8Array, headers: Headers): Promise<VerifiedEvent>;
  /** Asks the provider directly, for when no webhook has arrived yet. */
  fetchOutcome(payment: { reference: string; providerCheckoutId: string | null }): Promise<ProviderOutcome>;
}
