// What a succeeded payment buys, applied exactly once (payments.fulfilled_at,
// set under the payment's row lock): a plan term or credits, and its invoice.
import { eq, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { accounts, emailCreditEntries, invoices, payments, subscriptions } from "@/server/db/schema";
import { queueEmail } from "@/server/notifications/queue-email";
import { paymentReceiptEmail } from "@/server/notifications/templates/billing-emails";
import { env } from "@/server/config/env";
import { newId } from "@/server/ids";
import { recordActivity } from "@/server/services/activity/record-activity";
import { creditPackById, planById } from "./catalog";
import type { Payment } from "./own-payment";
import { addMonths, type Period } from "./periods";

/** The subscription row, created on the free plan if the account had none, locked for this transaction. */
async function lockSubscription(tx: Executor, accountId: string) {
  await tx.insert(subscriptions).values({ accountId, planId: "free", status: "active" }).onConflictDoNothing();
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.accountId, accountId)).for("update");
  return row!;
}

async function addCredits(tx: Executor, payment: Payment, credits: number, description: string) {
  await tx
    .insert(emailCreditEntries)
    .values({ accountId: payment.accountId, delta: credits, reason: "purchase", paymentReference: payment.reference });
  await recordActivity(
    { accountId: payment.accountId, type: "billing.credits_added", description, metadata: { reference: payment.reference, credits } },
    tx,
  );
}

/**
 * Starts or extends a plan. The same monthly plan paid during its live term
 * extends it by a month (paid_through); any other plan starts now, with no
 * proration of what was left of the old one.
 */
async function activatePlan(tx: Executor, payment: Payment, at: Date): Promise<Period | null> {
  const plan = planById(payment.planId!);
  const current = await lockSubscription(tx, payment.accountId);
  const live = current.planId === plan.id && current.status === "active" && !!current.currentPeriodEnd && current.currentPeriodEnd > at;
  let term: Period | null = null;
  if (live && plan.interval === "month") {
    const from = current.paidThrough && current.paidThrough > at ? current.paidThrough : current.currentPeriodEnd!;
    term = { start: from, end: addMonths(from, 1) };
    await tx
      .update(subscriptions)
      .set({ paidThrough: term.end, cancelAtPeriodEnd: false, canceledAt: null, updatedAt: at })
      .where(eq(subscriptions.accountId, payment.accountId));
  } else if (!live) {
    const period = { start: at, end: addMonths(at, 1) };
    if (plan.interval === "month") term = period;
    await tx
      .update(subscriptions)
      .set({
        planId: plan.id,
        status: "active",
        currentPeriodStart: period.start,
        currentPeriodEnd: period.end,
        paidThrough: plan.interval === "month" ? period.end : null,
        cancelAtPeriodEnd: false,
        canceledAt: null,
        endedPlanId: null,
        updatedAt: at,
      })
      .where(eq(subscriptions.accountId, payment.accountId));
    await tx.update(accounts).set({ planId: plan.id, updatedAt: at }).where(eq(accounts.id, payment.accountId));
  }
  // Pay as you go bought again while on it only adds its credits.
  if (!(live && plan.interval === null))
    await recordActivity(
      {
        accountId: payment.accountId,
        type: "billing.plan_activated",
        description: live ? `${plan.name} plan renewed` : `${plan.name} plan activated`,
        metadata: { reference: payment.reference, planId: plan.id, ...(term ? { periodEnd: term.end.toISOString() } : {}) },
      },
      tx,
    );
  if (plan.includedCredits > 0)
    await addCredits(
      tx,
      payment,
      plan.includedCredits,
      `${plan.includedCredits.toLocaleString("en-US")} email credits added with the ${plan.name} plan`,
    );
  return term;
}

/** Issues the payment's invoice and queues its receipt (in the same transaction: the receipt exists exactly when the invoice does). */
async function issueInvoice(tx: Executor, payment: Payment, description: string, term: Period | null, at: Date) {
  const [{ next }] = (await tx.execute(sql`select nextval('invoice_number_seq')::text as next`)).rows as [{ next: string }];
  const id = newId("inv");
  const number = `INV-${next.padStart(6, "0")}`;
  const issued = await tx
    .insert(invoices)
    .values({
      id,
      accountId: payment.accountId,
      paymentReference: payment.reference,
      number,
      description,
      amount: payment.amount,
      currency: payment.currency,
      status: "paid",
      periodStart: term?.start ?? null,
      periodEnd: term?.end ?? null,
      issuedAt: at,
      paidAt: payment.succeededAt ?? at,
    })
    .onConflictDoNothing()
    .returning({ id: invoices.id });
  if (issued.length === 0) return;
  const [account] = await tx.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, payment.accountId)).limit(1);
  if (!account) return;
  const receipt = {
    invoiceNumber: number,
    description,
    amount: payment.amount,
    currency: payment.currency,
    invoiceUrl: `${env().appUrl}/billing/invoices/${id}`,
  };
  await queueEmail(paymentReceiptEmail(account.email, receipt), tx);
}

/** Call with the payment row locked and already marked succeeded. */
export async function fulfilPayment(tx: Executor, payment: Payment, at: Date): Promise<void> {
  if (payment.fulfilledAt) return;
  let description: string;
  let term: Period | null = null;
  if (payment.planId) {
    const plan = planById(payment.planId);
    term = await activatePlan(tx, payment, at);
    description = term
      ? `${plan.name} plan, ${term.start.toISOString().slice(0, 10)} to ${term.end.toISOString().slice(0, 10)}`
      : `${plan.name} plan`;
  } else {
    const pack = creditPackById(payment.creditPackId!)!;
    await addCredits(tx, payment, pack.credits, `${pack.name} added`);
    description = pack.name;
  }
  await issueInvoice(tx, payment, description, term, at);
  await tx.update(payments).set({ fulfilledAt: at, updatedAt: at }).where(eq(payments.reference, payment.reference));
}
