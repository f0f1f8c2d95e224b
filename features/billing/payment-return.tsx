"use client";
// Where a provider sends the customer back after checkout. The outcome is
// asked of the API (which asks the provider when no webhook came yet); a
// payment still being processed is asked again a few times.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Alert } from "@/components/alert";
import { ButtonLink } from "@/components/button-link";
import { QueryState } from "@/components/query-state";
import { Spinner } from "@/components/spinner";
import { planLabels } from "@/features/account/plan-labels";
import { LocalDate } from "@/features/account-deletion/local-date";
import { isPaymentProvider, type PaymentProvider } from "@/shared/payment-providers";
import { billingQueryKey, confirmPayment } from "./use-billing";
import { formatMoney } from "./format-money";

type PaymentCheck = Awaited<ReturnType<typeof confirmPayment>>;

const POLL_MS = 2_000;
const MAX_POLLS = 15;

export function PaymentReturn({ provider, reference }: { provider: string | null; reference: string | null }) {
  const valid = isPaymentProvider(provider) && !!reference;
  const queryClient = useQueryClient();
  const result = useQuery({
    queryKey: [...billingQueryKey, "return", provider, reference],
    queryFn: () => confirmPayment(provider as PaymentProvider, reference!),
    enabled: valid,
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.outcome.status === "pending" && query.state.dataUpdateCount < MAX_POLLS ? POLL_MS : false,
  });
  const settled = result.data && result.data.outcome.status !== "pending";
  useEffect(() => {
    if (settled) void queryClient.invalidateQueries({ queryKey: billingQueryKey, predicate: (query) => query.queryKey[1] !== "return" });
  }, [settled, queryClient]);

  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">Payment</h1>
      {!valid ? (
        <Alert title="This link is incomplete">It does not name a payment. Your billing page shows your plan and invoices.</Alert>
      ) : (
        <QueryState
          query={result}
          what="this payment"
          loading={
            <p className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400" role="status">
              <Spinner /> Checking your payment…
            </p>
          }
        >
          {(data) => <Outcome data={data} onCheckAgain={() => void result.refetch()} />}
        </QueryState>
      )}
      <ButtonLink href="/billing" variant="secondary">
        Back to billing
      </ButtonLink>
    </div>
  );
}

function Outcome({ data, onCheckAgain }: { data: PaymentCheck; onCheckAgain: () => void }) {
  return data.outcome.status === "succeeded" ? (
    <Alert tone="success" title="Payment received">
      {formatMoney(data.outcome.amount, data.outcome.currency)} paid.{" "}
      {data.outcome.planId && data.subscription ? (
        <>
          You are on {planLabels[data.subscription.planId]} until <LocalDate iso={data.subscription.currentPeriodEnd} />.
        </>
      ) : (
        <>
          Your credits were added
          {data.subscription ? `: ${data.subscription.creditBalance.toLocaleString("en-US")} in total` : ""}.
        </>
      )}
    </Alert>
  ) : data.outcome.status === "failed" ? (
    <Alert title="Payment failed">The payment did not go through and nothing was charged. You can try again from the billing page.</Alert>
  ) : (
    <Alert tone="success" title="Payment processing">
      The provider has not confirmed the payment yet. We apply it as soon as it does.{" "}
      <button type="button" className="font-medium underline" onClick={onCheckAgain}>
        Check again
      </button>
    </Alert>
  );
}
