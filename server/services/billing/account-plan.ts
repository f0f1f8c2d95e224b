// The account's current plan and quota period: what the billing page, the
// dashboard and the sending quota (#13) read. An account without a
// subscription row is on the free plan. Credits are read apart
// (credit-balance.ts): a send within its quota never needs them.
import { eq, sql } from "drizzle-orm";
import { now } from "@/server/clock";
import { db, type Executor } from "@/server/db/client";
import { hotQuery } from "@/server/db/prepared";
import { subscriptions } from "@/server/db/schema";
import { type Plan, planById } from "./catalog";
import { calendarMonthOf, type Period, rollForward } from "./periods";

export type SubscriptionStatus = "active" | "past_due" | "canceled";

export type AccountPlan = {
  plan: Plan;
  status: SubscriptionStatus;
  /** The quota period containing `at`: the paid term, or the calendar month without one. */
  period: Period;
  /** Emails included in the period (null: set by contract, no self-serve limit). */
  monthlyQuota: number | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  endedPlanId: string | null;
};

const subscriptionOf = hotQuery("subscription_of", (executor) =>
  executor
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, sql.placeholder("accountId")))
    .limit(1),
);

/** The columns of a subscription row the plan is worked out from (the dashboard reads them in its own statement). */
export type SubscriptionFacts = Pick<
  typeof subscriptions.$inferSelect,
  "planId" | "status" | "currentPeriodStart" | "currentPeriodEnd" | "paidThrough" | "cancelAtPeriodEnd" | "canceledAt" | "endedPlanId"
>;

export async function getAccountPlan(accountId: string, tx: Executor = db(), at: Date = now()): Promise<AccountPlan> {
  const [row] = await subscriptionOf(tx).execute({ accountId });
  return accountPlanOf(row, at);
}

/** The driver hands timestamps of a raw statement over as text (drizzle maps them for its own selects). */
type Timestamp = string | Date;
const dateOrNull = (value: Timestamp | null) => (value === null ? null : new Date(value));

/** A subscription's columns as a raw statement returns them, left-joined (all null: no subscription row). */
export type SubscriptionColumns = {
  plan_id: string | null;
  status: SubscriptionFacts["status"] | null;
  current_period_start: Timestamp | null;
  current_period_end: Timestamp | null;
  paid_through: Timestamp | null;
  cancel_at_period_end: boolean | null;
  canceled_at: Timestamp | null;
  ended_plan_id: string | null;
};

/** Select list of those columns from a `subscriptions` row aliased `s`. */
export const subscriptionColumnsOfS = sql.raw(
  "s.plan_id, s.status, s.current_period_start, s.current_period_end, s.paid_through, s.cancel_at_period_end, s.canceled_at, s.ended_plan_id",
);

/** The facts of a subscription read by a raw statement (undefined: none). */
export function subscriptionFactsOf(row: SubscriptionColumns): SubscriptionFacts | undefined {
  if (row.plan_id === null || row.status === null) return undefined;
  return {
    planId: row.plan_id,
    status: row.status,
    currentPeriodStart: dateOrNull(row.current_period_start),
    currentPeriodEnd: dateOrNull(row.current_period_end),
    paidThrough: dateOrNull(row.paid_through),
    cancelAtPeriodEnd: row.cancel_at_period_end ?? false,
    canceledAt: dateOrNull(row.canceled_at),
    endedPlanId: row.ended_plan_id,
  };
}

/** The plan and quota period of a subscription row (none: the free plan), at `at`. */
export function accountPlanOf(row: SubscriptionFacts | undefined, at: Date): AccountPlan {
  const plan = planById(row?.planId ?? "free");
  let period = calendarMonthOf(at);
  if (row?.currentPeriodStart && row.currentPeriodEnd) {
    const stored = { start: row.currentPeriodStart, end: row.currentPeriodEnd };
    // A term the job has not rolled forward yet: a paid-ahead or pay-as-you-go month moves on by itself.
    const rolls = plan.interval === null || (row.paidThrough && row.paidThrough > row.currentPeriodEnd);
    period = rolls ? rollForward(stored, at) : stored;
  }
  return {
    plan,
    status: row?.status ?? "active",
    period,
    monthlyQuota: plan.monthlyQuota,
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    canceledAt: row?.canceledAt ?? null,
    endedPlanId: row?.endedPlanId ?? null,
  };
}
