"use client";
// Billing through the BFF: the subscription, catalog, invoices, payment
// methods and credits; checkout (which leaves for the provider's page),
// cancellation, and the return page's verify + activate.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  activateSubscription,
  cancelSubscription,
  getCredits,
  getSubscription,
  listInvoices,
  listPaymentMethods,
  listPlans,
  startCheckout,
  verifyPayment,
} from "@/shared/api/endpoint-refs";
import type { PaymentProvider } from "@/shared/schemas/billing";
import { portalFetch } from "@/features/api/portal-fetch";

export const billingQueryKey = ["billing"] as const;

export function useSubscription() {
  return useQuery({ queryKey: [...billingQueryKey, "subscription"], queryFn: ({ signal }) => portalFetch(getSubscription, { signal }) });
}

export function usePlans() {
  return useQuery({
    queryKey: [...billingQueryKey, "plans"],
    queryFn: ({ signal }) => portalFetch(listPlans, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useInvoices() {
  return useQuery({ queryKey: [...billingQueryKey, "invoices"], queryFn: ({ signal }) => portalFetch(listInvoices, { signal }) });
}

export function usePaymentMethods() {
  return useQuery({
    queryKey: [...billingQueryKey, "methods"],
    queryFn: ({ signal }) => portalFetch(listPaymentMethods, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCredits() {
  return useQuery({ queryKey: [...billingQueryKey, "credits"], queryFn: ({ signal }) => portalFetch(getCredits, { signal }) });
}

export type CheckoutItem = { planId: string } | { creditPackId: string };

/** Starts a checkout and sends the browser to the provider's page (it stays pending while the page leaves). */
export function useCheckout() {
  return useMutation({
    mutationFn: async ({ item, provider }: { item: CheckoutItem; provider: PaymentProvider }) => {
      const started = await portalFetch(startCheckout, { body: { ...item, provider } as never });
      window.location.assign(started.checkoutUrl);
      return new Promise<never>(() => {});
    },
  });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => portalFetch(cancelSubscription, { body: {} }),
    onSuccess: (subscription) => queryClient.setQueryData([...billingQueryKey, "subscription"], subscription),
  });
}

/**
 * The return page: the payment's outcome (asking the provider if no webhook
 * came yet), then, once it succeeded, the activation confirmation.
 */
export async function confirmPayment(provider: PaymentProvider, reference: string) {
  const outcome = await portalFetch(verifyPayment, { body: { provider, reference } });
  if (outcome.status !== "succeeded") return { outcome, subscription: null };
  const subscription = await portalFetch(activateSubscription, { body: { reference } });
  return { outcome, subscription };
}
