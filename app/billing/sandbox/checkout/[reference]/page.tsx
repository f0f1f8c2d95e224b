import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { formatMoney } from "@/features/billing/format-money";
import { buttonClass } from "@/components/button-styles";
import { findSandboxCharge } from "@/server/payments/sandbox-gateway";
import { decideCharge } from "./actions";

export const metadata: Metadata = { title: "Sandbox checkout", robots: { index: false } };
export const dynamic = "force-dynamic";

// The sandbox gateway's hosted checkout page (test payments, outside production only).
export default async function SandboxCheckoutPage({ params }: { params: Promise<{ reference: string }> }) {
  const { reference } = await params;
  const charge = await findSandboxCharge(reference);
  if (!charge) notFound();
  const returnPath = (() => {
    const url = new URL(charge.returnUrl);
    return `${url.pathname}${url.search}`;
  })();

  return (
    <div className="mx-auto w-full max-w-md px-4 py-14">
      <div className="overflow-hidden rounded-2xl border border-amber-300 bg-white shadow-sm dark:border-amber-500/40 dark:bg-zinc-900">
        <div className="bg-amber-100 px-5 py-2 text-xs font-semibold uppercase tracking-wide text-amber-900 dark:bg-amber-500/20 dark:text-amber-100">
          Sandbox gateway · test payment, no money moves
        </div>
        <div className="space-y-4 px-5 py-6">
          <h1 className="text-xl font-semibold text-zinc-900 dark:text-white">Pay {formatMoney(charge.amount, charge.currency)}</h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{charge.description}</p>
          <p className="font-mono text-xs text-zinc-500 dark:text-zinc-400">Reference {charge.reference}</p>
          {charge.outcome === "pending" ? (
            <form action={decideCharge} className="flex gap-3 pt-2">
              <input type="hidden" name="reference" value={charge.reference} />
              <button type="submit" name="decision" value="pay" className={`${buttonClass("primary")} flex-1`}>
                Pay
              </button>
              <button type="submit" name="decision" value="decline" className={`${buttonClass("secondary")} flex-1`}>
                Decline
              </button>
            </form>
          ) : (
            <div className="space-y-3">
              <p className="text-sm text-zinc-700 dark:text-zinc-300" role="status">
                This payment was already {charge.outcome === "succeeded" ? "paid" : "declined"}.
              </p>
              <a href={returnPath} className={buttonClass("secondary")}>
                Return to the merchant
              </a>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
