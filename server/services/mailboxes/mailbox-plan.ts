// The plan's mailbox limits (server/services/billing/catalog.ts): how many
// mailboxes, and the default and largest quota of one (409 `plan_limit` past them).
import { count, eq } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { mailboxes } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { getAccountPlan } from "@/server/services/billing/account-plan";
import type { Plan } from "@/server/services/billing/catalog";

export async function mailboxPlanOf(tx: Executor, accountId: string): Promise<Plan> {
  return (await getAccountPlan(accountId, tx)).plan;
}

export async function assertRoomForMailbox(tx: Executor, accountId: string, plan: Plan): Promise<void> {
  if (plan.mailboxes === null) return;
  const [row] = await tx.select({ total: count() }).from(mailboxes).where(eq(mailboxes.accountId, accountId));
  if ((row?.total ?? 0) >= plan.mailboxes) {
    throw new AppError(
      "plan_limit",
      `The ${plan.name} plan includes ${plan.mailboxes} ${plan.mailboxes === 1 ? "mailbox" : "mailboxes"}. Delete one or change your plan.`,
    );
  }
}

export function assertQuotaAllowed(plan: Plan, quotaMb: number): void {
  if (quotaMb > plan.mailboxQuotaMb.max) {
    throw new AppError("plan_limit", `The ${plan.name} plan allows at most ${plan.mailboxQuotaMb.max} MB per mailbox.`);
  }
}
