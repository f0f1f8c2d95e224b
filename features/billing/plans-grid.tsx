"use client";
// The plans on offer: price, quota, and the way to get each (checkout,
// contact sales, or nothing for the plan you are on).
import { Badge } from "@/components/badge";
import Link from "next/link";
import type { z } from "zod";
import { Button } from "@/components/button";
import type { planSchema, subscriptionSchema } from "@/shared/schemas/billing";
import { formatCount, formatMoney } from "./format-money";

type Plan = z.output<typeof planSchema>;
type Subscription = z.output<typeof subscriptionSchema>;

function priceOf(plan: Plan): string {
  if (plan.amount === null) return "Custom pricing";
  if (plan.amount === 0) return "Free";
  const price = formatMoney(plan.amount, plan.currency, { whole: true });
  return plan.interval === "month" ? `${price} / month` : `${price} to start`;
}

function quotaOf(plan: Plan): string {
  if (plan.monthlyQuota === null) return "Volume set by contract";
  if (plan.monthlyQuota === 0) return `Pay per email; ${formatCount(plan.includedCredits)} credits to start`;
  return `${formatCount(plan.monthlyQuota)} emails / month`;
}

/** Storage in MB as people read it: 1024 MB and up in GB. */
function storageOf(mb: number): string {
  return mb >= 1024 ? `${formatCount(Math.round((mb / 1024) * 10) / 10)} GB` : `${formatCount(mb)} MB`;
}

function mailboxesOf(plan: Plan): string {
  if (plan.mailboxes === null) return "Mailboxes set by contract";
  return `${formatCount(plan.mailboxes)} ${plan.mailboxes === 1 ? "mailbox" : "mailboxes"}, up to ${storageOf(plan.mailboxQuotaMb.max)} each`;
}

function actionLabel(plan: Plan, subscription: Subscription): string {
  if (plan.id !== subscription.planId) return `Choose ${plan.name}`;
  if (plan.interval === null) return "Buy more credits";
  return subscription.status === "past_due" ? "Pay to keep it" : "Pay the next month";
}

export function PlansGrid({
  plans,
  subscription,
  canPay,
  pendingPlanId,
  onChoose,
}: {
  plans: Plan[];
  subscription: Subscription;
  canPay: boolean;
  pendingPlanId: string | null;
  onChoose: (plan: Plan) => void;
}) {
  const onPaidPlan = plans.some((plan) => plan.id === subscription.planId && plan.interval === "month" && (plan.amount ?? 0) > 0);
  return (
    <div className="space-y-3">
      {onPaidPlan ? (
        <p data-testid="plan-change-note" className="text-sm leading-6 text-zinc-600 dark:text-zinc-400">
          Changing plan: the new plan starts as soon as it is paid, with a new monthly period and quota. What is left of the month you paid
          for on your current plan is not refunded or carried over, so changing near the end of your period wastes the least. Paying for the
          plan you are on adds a month after the current one.
        </p>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {plans.map((plan) => {
          const isCurrent = plan.id === subscription.planId;
          return (
            <li
              key={plan.id}
              aria-label={`${plan.name} plan`}
              className={`flex flex-col rounded-xl border bg-white p-5 shadow-xs dark:bg-zinc-900/60 ${isCurrent ? "border-indigo-400 ring-1 ring-indigo-400 dark:border-indigo-400/70" : "border-zinc-200 dark:border-zinc-800"}`}
            >
              <div className="flex items-center justify-between gap-2">
                <h3 className="text-base font-semibold text-zinc-900 dark:text-white">{plan.name}</h3>
                {isCurrent ? <Badge tone="info">Current plan</Badge> : null}
              </div>
              <p className="mt-2 text-lg font-semibold text-zinc-900 dark:text-white">{priceOf(plan)}</p>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{quotaOf(plan)}</p>
              <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="plan-mailboxes">
                {mailboxesOf(plan)}
              </p>
              <p className="mt-3 flex-1 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{plan.description}</p>
              <div className="mt-4">
                {plan.contactSales ? (
                  <Link
                    className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                    href={`/support?category=billing&subject=${encodeURIComponent(`${plan.name} plan`)}`}
                  >
                    Contact sales
                  </Link>
                ) : plan.selfServe ? (
                  <Button
                    variant={isCurrent ? "secondary" : "primary"}
                    className="w-full"
                    disabled={!canPay || (pendingPlanId !== null && pendingPlanId !== plan.id)}
                    pending={pendingPlanId === plan.id}
                    onClick={() => onChoose(plan)}
                  >
                    {actionLabel(plan, subscription)}
                  </Button>
                ) : isCurrent ? null : (
                  <p className="text-sm text-zinc-500 dark:text-zinc-400">Cancel your plan to return to Free at the end of its period.</p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
