"use client";
// The current plan: name, status, period, usage against the quota, and
// "Cancel plan" (with a confirmation naming the day it ends).
import { Badge } from "@/components/badge";
import { useState } from "react";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { SettingsCardBody, SettingsCardFooter } from "@/components/settings-section";
import { LocalDate } from "@/features/account-deletion/local-date";
import { planLabels } from "@/features/account/plan-labels";
import type { subscriptionSchema } from "@/shared/schemas/billing";
import { formatCount } from "./format-money";
import { useCancelSubscription } from "./use-billing";

type Subscription = z.output<typeof subscriptionSchema>;

function StatusBadge({ subscription }: { subscription: Subscription }) {
  if (subscription.status === "past_due") return <Badge tone="warning">Payment due</Badge>;
  return subscription.cancelAtPeriodEnd ? <Badge>Ends soon</Badge> : <Badge tone="success">Active</Badge>;
}

function Usage({ subscription }: { subscription: Subscription }) {
  const quota = subscription.monthlyQuota;
  if (quota === null)
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {formatCount(subscription.emailsUsed)} emails sent this period; your volume is set by your contract.
      </p>
    );
  const share = quota > 0 ? Math.min(100, Math.round((subscription.emailsUsed / quota) * 100)) : 0;
  return (
    <div>
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-medium text-zinc-900 dark:text-white">Emails this period</span>
        <span className="text-zinc-600 dark:text-zinc-400">
          {formatCount(subscription.emailsUsed)} of {formatCount(quota)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Emails sent this period"
        aria-valuemin={0}
        aria-valuemax={quota}
        aria-valuenow={subscription.emailsUsed}
        className="mt-2 h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
      >
        <div className="h-full rounded-full bg-indigo-600 dark:bg-indigo-400" style={{ width: `${share}%` }} />
      </div>
      <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">
        {quota === 0 ? "Every email uses one credit." : "Past the quota, emails use your credits."} Credits:{" "}
        {formatCount(subscription.creditBalance)}.
      </p>
    </div>
  );
}

export function CurrentPlan({ subscription }: { subscription: Subscription }) {
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const canCancel = subscription.planId !== "free" && !subscription.cancelAtPeriodEnd;

  return (
    <>
      <SettingsCardBody>
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-xl font-semibold text-zinc-900 dark:text-white">{planLabels[subscription.planId]}</p>
          <StatusBadge subscription={subscription} />
        </div>
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {subscription.cancelAtPeriodEnd ? (
            <>
              Canceled: stays on {planLabels[subscription.planId]} until <LocalDate iso={subscription.currentPeriodEnd} />, then moves to
              Free.
            </>
          ) : subscription.status === "past_due" ? (
            <>
              The term ended on <LocalDate iso={subscription.currentPeriodEnd} /> unpaid. Pay for {planLabels[subscription.planId]} below
              within a week to keep it.
            </>
          ) : (
            <>
              Current period: <LocalDate iso={subscription.currentPeriodStart} /> to <LocalDate iso={subscription.currentPeriodEnd} />.
              {subscription.status === "canceled" && subscription.endedPlanId
                ? ` Your ${planLabels[subscription.endedPlanId]} plan has ended.`
                : ""}
            </>
          )}
        </p>
        <Usage subscription={subscription} />
      </SettingsCardBody>
      {canCancel ? (
        <SettingsCardFooter status="Canceling keeps your plan until the end of the period you paid for.">
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Cancel plan…
          </Button>
        </SettingsCardFooter>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Cancel ${planLabels[subscription.planId]}?`}
        confirmLabel="Cancel plan"
        pending={cancel.isPending}
        error={cancel.error?.message ?? null}
        onCancel={() => {
          setConfirming(false);
          cancel.reset();
        }}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: (updated) => {
              setConfirming(false);
              setNotice(
                `Your plan will end on ${new Date(updated.currentPeriodEnd).toLocaleDateString(undefined, { dateStyle: "long" })}.`,
              );
            },
          })
        }
      >
        You keep {planLabels[subscription.planId]} until <LocalDate iso={subscription.currentPeriodEnd} />. After that the account moves to
        the Free plan. Your email credits stay.
      </ConfirmDialog>
    </>
  );
}
