import { z } from "zod";
import { paymentProviders } from "@/shared/payment-providers";
import { planIdSchema } from "./account";

// Declared once, beside the list it comes from; re-exported for the code that reads it with the schemas.
export type { PaymentProvider } from "@/shared/payment-providers";

export const paymentProviderSchema = z.enum(paymentProviders);

export const creditPackIds = ["credits_10k", "credits_50k", "credits_250k"] as const;
export const creditPackIdSchema = z.enum(creditPackIds);

const isoDate = z.iso.datetime();

export const planSchema = z
  .object({
    id: planIdSchema,
    name: z.string(),
    description: z.string(),
    monthlyQuota: z.number().int().nullable().meta({ description: "Emails included per period; null when set by contract." }),
    amount: z.number().int().nullable().meta({ description: "Price per term in minor units; null when priced by sales." }),
    currency: z.string(),
    interval: z.enum(["month"]).nullable(),
    includedCredits: z.number().int(),
    selfServe: z.boolean(),
    contactSales: z.boolean(),
    mailboxes: z.number().int().nullable().meta({ description: "Hosted mailboxes included; null when set by contract." }),
    mailboxQuotaMb: z
      .object({ default: z.number().int(), max: z.number().int() })
      .meta({ description: "A new mailbox's storage quota when none is asked for, and the most one mailbox may have, in MB." }),
  })
  .meta({ id: "Plan" });

export const creditPackSchema = z
  .object({ id: creditPackIdSchema, name: z.string(), credits: z.number().int(), amount: z.number().int(), currency: z.string() })
  .meta({ id: "CreditPack" });

export const creditsSchema = z.object({ balance: z.number().int(), packs: z.array(creditPackSchema) }).meta({ id: "EmailCredits" });

export const subscriptionSchema = z
  .object({
    planId: planIdSchema,
    status: z.enum(["active", "past_due", "canceled"]),
    currentPeriodStart: isoDate,
    currentPeriodEnd: isoDate,
    cancelAtPeriodEnd: z.boolean(),
    canceledAt: isoDate.nullable(),
    endedPlanId: planIdSchema.nullable().meta({ description: "With status canceled: the paid plan that ended." }),
    monthlyQuota: z.number().int().nullable(),
    emailsUsed: z.number().int(),
    creditBalance: z.number().int(),
  })
  .meta({ id: "Subscription" });

export const checkoutBody = z
  .strictObject({
    planId: planIdSchema.optional(),
    creditPackId: creditPackIdSchema.optional(),
    provider: paymentProviderSchema,
  })
  .refine((body) => (body.planId === undefined) !== (body.creditPackId === undefined), {
    message: "Send exactly one of planId or creditPackId",
    path: [],
  })
  .meta({ id: "CheckoutRequest" });

export const checkoutSchema = z
  .object({
    reference: z.string(),
    checkoutUrl: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    provider: paymentProviderSchema,
    planId: planIdSchema.nullable(),
    creditPackId: creditPackIdSchema.nullable(),
  })
  .meta({ id: "Checkout" });

export const referenceSchema = z.string().min(1).max(100);

export const verifyPaymentBody = z
  .strictObject({ provider: paymentProviderSchema, reference: referenceSchema })
  .meta({ id: "VerifyPaymentRequest" });

export const paymentOutcomeSchema = z
  .object({
    reference: z.string(),
    provider: paymentProviderSchema,
    status: z.enum(["pending", "succeeded", "failed"]),
    amount: z.number().int(),
    currency: z.string(),
    planId: planIdSchema.nullable(),
    creditPackId: creditPackIdSchema.nullable(),
  })
  .meta({ id: "PaymentOutcome" });

export const activateSubscriptionBody = z.strictObject({ reference: referenceSchema }).meta({ id: "ActivateSubscriptionRequest" });

export const invoiceSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    description: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    status: z.enum(["paid", "open", "void"]),
    periodStart: isoDate.nullable(),
    periodEnd: isoDate.nullable(),
    issuedAt: isoDate,
    paidAt: isoDate.nullable(),
  })
  .meta({ id: "Invoice" });

export const paymentMethodSchema = z
  .object({
    provider: paymentProviderSchema,
    name: z.string(),
    methods: z.array(z.string()).meta({ description: "Ways to pay at this provider, e.g. card, bank_transfer." }),
    test: z.boolean().meta({ description: "True for the sandbox gateway (no real money moves)." }),
  })
  .meta({ id: "PaymentMethod" });

export const webhookParams = z.object({ provider: z.string().max(40) });

export const webhookReceiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean() }).meta({ id: "WebhookReceipt" });
