"use client";
// The /billing page body: current plan and usage, the plans, email credits,
// how to pay (enabled providers; pick one), and the invoices.
import { useState } from "react";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { QueryState } from "@/components/query-state";
import { SettingsCardBody, SettingsSection } from "@/components/settings-section";
import type { PaymentProvider, paymentMethodSchema } from "@/shared/schemas/billing";
import { CreditsCard } from "./credits-card";
import { CurrentPlan } from "./current-plan";
import { InvoicesTable } from "./invoices-table";
import { PlansGrid } from "./plans-grid";
import { type CheckoutItem, useCheckout, useCredits, useInvoices, usePaymentMethods, usePlans, useSubscription } from "./use-billing";
import { PageHeader } from "@/components/page-header";

type PaymentMethod = z.output<typeof paymentMethodSchema>;

const methodLabels: Record<string, string> = {
  card: "Card",
  bank: "Bank account",
  bank_transfer: "Bank transfer",
  ussd: "USSD",
  mobile_money: "Mobile money",
};

/** About as tall as what it stands for (the current plan's card by default), so the page does not jump when it arrives. */
function Loading({ className = "h-52" }: { className?: string }) {
  return <div className={`${className} animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800/60`} aria-hidden="true" />;
}

function PaymentMethods({
  methods,
  selected,
  onSelect,
}: {
  methods: PaymentMethod[];
  selected: PaymentProvider | null;
  onSelect: (provider: PaymentProvider) => void;
}) {
  if (methods.length === 0)
    return (
      <SettingsCardBody>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No payment provider is set up on this server yet.</p>
      </SettingsCardBody>
    );
  return (
    <SettingsCardBody>
      <fieldset>
        <legend className="text-sm font-medium text-zinc-900 dark:text-white">Pay with</legend>
        <div className="mt-3 space-y-2">
          {methods.map((method) => (
            <label
              key={method.provider}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-zinc-200 p-3 has-[:checked]:border-indigo-400 dark:border-zinc-800"
            >
              <input
                type="radio"
                name="provider"
                value={method.provider}
                checked={selected === method.provider}
                onChange={() => onSelect(method.provider)}
                className="mt-1"
              />
              <span>
                <span className="block text-sm font-medium text-zinc-900 dark:text-white">{method.name}</span>
                <span className="block text-sm text-zinc-600 dark:text-zinc-400">
                  {method.methods.map((name) => methodLabels[name] ?? name).join(", ")}
                  {method.test ? " · test payments, no money moves" : ""}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </SettingsCardBody>
  );
}

export function BillingPanel({ checkoutCanceled = false }: { checkoutCanceled?: boolean }) {
  const subscription = useSubscription();
  const plans = usePlans();
  const invoices = useInvoices();
  const methods = usePaymentMethods();
  const credits = useCredits();
  const checkout = useCheckout();
  const [chosen, setChosen] = useState<PaymentProvider | null>(null);
  const [pending, setPending] = useState<CheckoutItem | null>(null);

  // The first real provider by default; the sandbox when it is the only one.
  const provider = chosen ?? methods.data?.find((method) => !method.test)?.provider ?? methods.data?.[0]?.provider ?? null;

  function pay(item: CheckoutItem) {
    if (!provider) return;
    setPending(item);
    checkout.mutate({ item, provider }, { onError: () => setPending(null) });
  }

  const pendingPlanId = pending && "planId" in pending ? pending.planId : null;
  const pendingPackId = pending && "creditPackId" in pending ? pending.creditPackId : null;

  return (
    <div className="space-y-10">
      <PageHeader title="Billing" description="Your plan, what you have used, and what you have paid." />
      {checkoutCanceled ? <Alert title="Checkout canceled">Nothing was charged. Your plan is unchanged.</Alert> : null}
      {checkout.error ? <Alert title="We could not start the checkout">{checkout.error.message}</Alert> : null}

      <SettingsSection title="Current plan" description="Your plan, its period, and the emails sent in it.">
        <QueryState query={subscription} what="your plan" loading={<Loading />} className="p-5">
          {(data) => <CurrentPlan subscription={data} />}
        </QueryState>
      </SettingsSection>

      <section aria-labelledby="plans-heading" className="space-y-4">
        <div>
          <h2 id="plans-heading" className="text-base font-semibold text-zinc-900 dark:text-white">
            Plans
          </h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            A new plan starts at once. Paying for your current plan adds a month after the current one.
          </p>
        </div>
        <QueryState query={plans} what="the plans" loading={<Loading />}>
          {(data) =>
            // The grid marks the current plan, so it waits for the subscription too.
            subscription.data ? (
              <PlansGrid
                plans={data}
                subscription={subscription.data}
                canPay={!!provider}
                pendingPlanId={pendingPlanId}
                onChoose={(plan) => pay({ planId: plan.id })}
              />
            ) : subscription.isPending ? (
              <Loading />
            ) : null
          }
        </QueryState>
      </section>

      <SettingsSection
        title="Email credits"
        description="Credits pay for emails beyond your plan's quota, one credit an email. They do not expire."
      >
        <QueryState query={credits} what="your credits" loading={<Loading />} className="p-5">
          {(data) => (
            <CreditsCard credits={data} canPay={!!provider} pendingPackId={pendingPackId} onBuy={(creditPackId) => pay({ creditPackId })} />
          )}
        </QueryState>
      </SettingsSection>

      <SettingsSection
        title="Payment methods"
        description="The payment providers you can pay with. You enter your details on the provider's own page."
      >
        <QueryState query={methods} what="payment methods" loading={<Loading />} className="p-5">
          {(data) => <PaymentMethods methods={data} selected={provider} onSelect={setChosen} />}
        </QueryState>
      </SettingsSection>

      <SettingsSection title="Invoices" description="One for every payment.">
        <QueryState query={invoices} what="your invoices" loading={<Loading />} className="p-5">
          {(data) => <InvoicesTable invoices={data} />}
        </QueryState>
      </SettingsSection>
    </div>
  );
}
