// GET /billing/subscription (and the answer of cancel and activate): the
// account's plan with its period, usage against the quota and credits.
import type { z } from "zod";
import type { subscriptionSchema } from "@/shared/schemas/billing";
import { db, type Executor } from "@/server/db/client";
import { getAccountPlan } from "./account-plan";
import { creditBalance } from "./credit-balance";
import { emailsUsedInPeriod } from "./emails-used";

export async function subscriptionView(accountId: string, tx: Executor = db()): Promise<z.input<typeof subscriptionSchema>> {
  const [current, credits] = await Promise.all([getAccountPlan(accountId, tx), creditBalance(accountId, tx)]);
  return {
    planId: current.plan.id,
    status: current.status,
    currentPeriodStart: current.period.start.toISOString(),
    currentPeriodEnd: current.period.end.toISOString(),
    cancelAtPeriodEnd: current.cancelAtPeriodEnd,
    canceledAt: current.canceledAt?.toISOString() ?? null,
    endedPlanId: (current.endedPlanId as z.input<typeof subscriptionSchema>["endedPlanId"]) ?? null,
    monthlyQuota: current.monthlyQuota,
    emailsUsed: await emailsUsedInPeriod(accountId, current.period, tx),
    creditBalance: credits,
  };
}
