// GET /billing/plans, GET /payments/methods and GET /billing/credits: the
// catalog, the providers switched on here, and the account's credits.
import { enabledGateways } from "@/server/payments/gateways";
import { BILLING_CURRENCY, creditPacks, plans } from "./catalog";
import { creditBalance } from "./credit-balance";

export function listPlans() {
  return plans.map((plan) => ({ ...plan, currency: BILLING_CURRENCY }));
}

export function listPaymentMethods() {
  return enabledGateways().map((gateway) => ({ provider: gateway.id, name: gateway.name, methods: gateway.methods, test: gateway.test }));
}

export async function getCredits(accountId: string) {
  return { balance: await creditBalance(accountId), packs: creditPacks.map((pack) => ({ ...pack, currency: BILLING_CURRENCY })) };
}
