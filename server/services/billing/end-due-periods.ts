// The period-end job (every 10 minutes): for each subscription whose term has
// ended by `at`, one transaction decides what comes next:
// - cancelled at period end → the free plan (status canceled, ended plan kept);
// - a renewal already paid (paid_through) or pay as you go → next month;
// - otherwise the renewal is unpaid → past_due, keeping the plan for a grace
//   week in which paying renews it; after that → the free plan.
// Rows are locked one at a time (SKIP LOCKED), so two workers never race.
import { and, eq, isNotNull, lte, or, sql } from "drizzle-orm";
import { now } from "@/server/clock";
import { db, type Executor } from "@/server/db/client";
import { accounts, subscriptions } from "@/server/db/schema";
import { logger } from "@/server/logger";
import { recordActivity } from "@/server/services/activity/record-activity";
import { planById } from "./catalog";
import { addMonths, PAST_DUE_GRACE_MS } from "./periods";

type Subscription = typeof subscriptions.$inferSelect;

async function moveToFree(tx: Executor, row: Subscription, at: Date, why: string) {
  await tx
    .update(subscriptions)
    .set({
      planId: "free",
      status: "canceled",
      currentPeriodStart: null,
      currentPeriodEnd: null,
      paidThrough: null,
      cancelAtPeriodEnd: false,
      canceledAt: row.canceledAt ?? at,
      endedPlanId: row.planId,
      updatedAt: at,
    })
    .where(eq(subscriptions.accountId, row.accountId));
  await tx.update(accounts).set({ planId: "free", updatedAt: at }).where(eq(accounts.id, row.accountId));
  await recordActivity(
    {
      accountId: row.accountId,
      type: "billing.subscription_ended",
      description: `${planById(row.planId).name} plan ended (${why}); the account is on Free`,
      metadata: { planId: row.planId, reason: why },
    },
    tx,
  );
}

async function advance(tx: Executor, row: Subscription, at: Date): Promise<void> {
  const end = row.currentPeriodEnd!;
  const plan = planById(row.planId);
  if (row.cancelAtPeriodEnd) return moveToFree(tx, row, at, "canceled");
  const paidAhead = !!row.paidThrough && row.paidThrough > end;
  if (plan.interval === null || paidAhead) {
    // A paid month is given one at a time (the next run sees whether the one after is paid too).
    let start = end;
    let next = addMonths(end, 1);
    while (!paidAhead && next <= at) [start, next] = [next, addMonths(next, 1)];
    await tx
      .update(subscriptions)
      .set({ status: "active", currentPeriodStart: start, currentPeriodEnd: next, updatedAt: at })
      .where(eq(subscriptions.accountId, row.accountId));
    if (paidAhead) {
      await recordActivity(
        {
          accountId: row.accountId,
          type: "billing.subscription_renewed",
          description: `${plan.name} plan renewed until ${next.toISOString().slice(0, 10)}`,
          metadata: { planId: plan.id },
        },
        tx,
      );
    }
    return;
  }
  if (row.status === "active") {
    await tx.update(subscriptions).set({ status: "past_due", updatedAt: at }).where(eq(subscriptions.accountId, row.accountId));
    await recordActivity(
      {
        accountId: row.accountId,
        type: "billing.subscription_past_due",
        description: `${plan.name} plan renewal is unpaid; pay within 7 days to keep it`,
        metadata: { planId: plan.id },
      },
      tx,
    );
    return;
  }
  if (row.status === "past_due" && end.getTime() + PAST_DUE_GRACE_MS <= at.getTime()) await moveToFree(tx, row, at, "unpaid");
}

/** Returns how many subscriptions changed. */
export async function endDuePeriods(at: Date = now()): Promise<number> {
  const due = and(
    isNotNull(subscriptions.currentPeriodEnd),
    lte(subscriptions.currentPeriodEnd, at),
    // past_due rows wait for their grace week; the others move at once.
    or(
      sql`${subscriptions.status} <> 'past_due'`,
      lte(subscriptions.currentPeriodEnd, new Date(at.getTime() - PAST_DUE_GRACE_MS)),
      eq(subscriptions.cancelAtPeriodEnd, true),
    ),
  );
  let changed = 0;
  // Each step moves a row out of `due` or one month on; the cap only guards against a bug looping forever.
  for (let step = 0; step < 100_000; step++) {
    const moved = await db().transaction(async (tx) => {
      const [row] = await tx.select().from(subscriptions).where(due).limit(1).for("update", { skipLocked: true });
      if (!row) return false;
      await advance(tx, row, at);
      return true;
    });
    if (!moved) break;
    changed++;
  }
  if (changed > 0) logger().info({ count: changed }, "subscription periods advanced");
  return changed;
}
