// The plan and credit-pack catalog: the one place prices and quotas live.
// The billing API lists it, checkout charges from it, and the dashboard and
// the sending quota (#13) read it through getAccountPlan (account-plan.ts).
import type { planIds } from "@/shared/schemas/account";
import type { creditPackIds } from "@/shared/schemas/billing";

type PlanId = (typeof planIds)[number];

/** Every amount is in minor units of this currency (cents). */
export const BILLING_CURRENCY = "USD";

export type Plan = {
  id: PlanId;
  name: string;
  description: string;
  /** Emails included per period; null = set in the customer's contract. */
  monthlyQuota: number | null;
  /** Price of one term in minor units; null = priced by sales. */
  amount: number | null;
  /** "month": paid per monthly term; null: no recurring fee (free, pay as you go). */
  interval: "month" | null;
  /** Email credits the purchase adds (pay as you go starts with a pack). */
  includedCredits: number;
  /** Bought through checkout; the others are free by default or arranged with sales. */
  selfServe: boolean;
  contactSales: boolean;
  /** Hosted mailboxes the account may have (docs/mailboxes.md); null = set in the customer's contract. */
  mailboxes: number | null;
  /** A new mailbox's storage quota when none is asked for, and the most one mailbox may have, in MB. */
  mailboxQuotaMb: { default: number; max: number };
};

const GB = 1024;

export const plans: readonly Plan[] = [
  {
    id: "free",
    name: "Free",
    description: "For trying the service out.",
    monthlyQuota: 3_000,
    amount: 0,
    interval: null,
    includedCredits: 0,
    selfServe: false,
    contactSales: false,
    mailboxes: 2,
    mailboxQuotaMb: { default: 1 * GB, max: 1 * GB },
  },
  {
    id: "starter",
    name: "Starter",
    description: "For small projects and side businesses.",
    monthlyQuota: 50_000,
    amount: 2_000,
    interval: "month",
    includedCredits: 0,
    selfServe: true,
    contactSales: false,
    mailboxes: 5,
    mailboxQuotaMb: { default: 5 * GB, max: 10 * GB },
  },
  {
    id: "pro",
    name: "Pro",
    description: "For growing products with steady volume.",
    monthlyQuota: 150_000,
    amount: 5_000,
    interval: "month",
    includedCredits: 0,
    selfServe: true,
    contactSales: false,
    mailboxes: 25,
    mailboxQuotaMb: { default: 10 * GB, max: 25 * GB },
  },
  {
    id: "business",
    name: "Business",
    description: "For high volume senders.",
    monthlyQuota: 500_000,
    amount: 15_000,
    interval: "month",
    includedCredits: 0,
    selfServe: true,
    contactSales: false,
    mailboxes: 100,
    mailboxQuotaMb: { default: 10 * GB, max: 50 * GB },
  },
  {
    id: "enterprise",
    name: "Enterprise",
    description: "Dedicated infrastructure and support; priced with our sales team.",
    monthlyQuota: 2_000_000,
    amount: null,
    interval: "month",
    includedCredits: 0,
    selfServe: false,
    contactSales: true,
    mailboxes: 1_000,
    mailboxQuotaMb: { default: 25 * GB, max: 100 * GB },
  },
  {
    id: "custom",
    name: "Custom",
    description: "Terms and volume tailored to you; talk to sales.",
    monthlyQuota: null,
    amount: null,
    interval: "month",
    includedCredits: 0,
    selfServe: false,
    contactSales: true,
    mailboxes: null,
    mailboxQuotaMb: { default: 25 * GB, max: 100 * GB },
  },
  {
    id: "payg",
    name: "Pay as you go",
    description: "No monthly fee: every email uses one credit. Starts with a 10,000-credit pack.",
    monthlyQuota: 0,
    amount: 1_000,
    interval: null,
    includedCredits: 10_000,
    selfServe: true,
    contactSales: false,
    mailboxes: 5,
    mailboxQuotaMb: { default: 5 * GB, max: 10 * GB },
  },
];

export type CreditPack = { id: (typeof creditPackIds)[number]; name: string; credits: number; amount: number };

export const creditPacks: readonly CreditPack[] = [
  { id: "credits_10k", name: "10,000 email credits", credits: 10_000, amount: 1_000 },
  { id: "credits_50k", name: "50,000 email credits", credits: 50_000, amount: 4_500 },
  { id: "credits_250k", name: "250,000 email credits", credits: 250_000, amount: 20_000 },
];

export function planById(id: string): Plan {
  const plan = plans.find((entry) => entry.id === id);
  if (!plan) throw new Error(`unknown plan ${id}`);
  return plan;
}

export function creditPackById(id: string): CreditPack | undefined {
  return creditPacks.find((entry) => entry.id === id);
}
