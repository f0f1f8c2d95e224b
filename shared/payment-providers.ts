// The payment providers. Kept apart from the zod schemas (shared/schemas/billing.ts)
// so the payment return page can check its link without zod.
export const paymentProviders = ["stripe", "paystack", "sandbox"] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

export const isPaymentProvider = (value: unknown): value is PaymentProvider => paymentProviders.includes(value as PaymentProvider);
