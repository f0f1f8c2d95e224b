// The dashboard reads its figures in one statement, counting usage and rates
// over the period the subscription row implies (dashboard-figures.ts); when a
// term has ended and not been rolled forward yet, the plan's period differs
// and they are counted again. Both ways must agree with the billing page's
// own reads (account-plan.ts, emails-used.ts).
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { accounts, messages } from "@/server/db/schema";
import { newId } from "@/server/ids";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";
import { getAccountPlan } from "@/server/services/billing/account-plan";
import { emailsUsedInPeriod } from "@/server/services/billing/emails-used";
import { addMonths, calendarMonthOf } from "@/server/services/billing/periods";
import { dashboardOverview } from "@/server/services/dashboard/dashboard-overview";
import { storedAccount } from "../support/stored-records";

const DAY = 24 * 60 * 60 * 1000;

async function sentAt(accountId: string, createdAt: Date): Promise<void> {
  const id = newId("msg");
  await db()
    .insert(messages)
    .values({
      id,
      accountId,
      fromDomain: "example.com",
      from: "sender@example.com",
      to: ["someone@example.org"],
      subject: "Hello",
      messageIdHeader: `<${id}@example.com>`,
      status: "sent",
      createdAt,
    });
}

async function authOf(accountId: string): Promise<AuthContext> {
  const [account] = await db().select().from(accounts).where(eq(accounts.id, accountId));
  return { accountId, account: account! } as AuthContext;
}

describe("the dashboard's usage and rates", () => {
  it("count the calendar month on the free plan", async () => {
    const account = await storedAccount();
    const month = calendarMonthOf(now());
    await sentAt(account.id, new Date(now().getTime() - 60_000));
    await sentAt(account.id, new Date(month.start.getTime() - DAY));
    const overview = await dashboardOverview(await authOf(account.id));
    expect(overview.plan).toMatchObject({ id: "free", periodStart: month.start.toISOString(), periodEnd: month.end.toISOString() });
    expect(overview.usage.emailsSent).toBe(1);
    expect(overview.deliverability.handedOff).toBe(1);
  });

  it("count the period rolled forward when a paid-ahead term has ended and the job has not moved it yet", async () => {
    const account = await storedAccount({ planId: "pro" });
    const storedEnd = new Date(now().getTime() - 10 * DAY);
    const storedStart = addMonths(storedEnd, -1);
    await db().execute(sql`
      insert into subscriptions (account_id, plan_id, status, current_period_start, current_period_end, paid_through)
      values (${account.id}, 'pro', 'active', ${storedStart.toISOString()}::timestamptz, ${storedEnd.toISOString()}::timestamptz,
              ${addMonths(storedEnd, 2).toISOString()}::timestamptz)`);
    await sentAt(account.id, new Date(storedEnd.getTime() - DAY));
    await sentAt(account.id, new Date(now().getTime() - 60_000));
    await sentAt(account.id, new Date(now().getTime() - 120_000));
    const plan = await getAccountPlan(account.id);
    expect(plan.period.start.getTime()).toBe(storedEnd.getTime());

    const overview = await dashboardOverview(await authOf(account.id));
    expect(overview.plan).toMatchObject({
      id: "pro",
      periodStart: plan.period.start.toISOString(),
      periodEnd: plan.period.end.toISOString(),
    });
    expect(overview.usage.emailsSent).toBe(await emailsUsedInPeriod(account.id, plan.period));
    expect(overview.usage.emailsSent).toBe(2);
    expect(overview.deliverability.handedOff).toBe(2);
  });
});
