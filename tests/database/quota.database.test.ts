// Charging sends against the plan's monthly quota and then credits
// (server/services/messages/quota.ts): the counter row in message_usage is
// what is stored, so the rules are checked on it directly.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { emailCreditEntries } from "@/server/db/schema";
import { getAccountPlan } from "@/server/services/billing/account-plan";
import { creditBalance } from "@/server/services/billing/credit-balance";
import { chargeMessages } from "@/server/services/messages/quota";
import { storedAccount } from "../support/stored-records";

const ids = (count: number, label: string) => Array.from({ length: count }, (_, index) => `msg_${label}_${index}_${Date.now()}`);

async function used(accountId: string): Promise<number | null> {
  const plan = await getAccountPlan(accountId);
  const result = await db().execute<{ used: number }>(
    sql`select used from message_usage where account_id = ${accountId} and period_start = ${plan.period.start}`,
  );
  return result.rows[0] ? Number(result.rows[0].used) : null;
}

async function setUsed(accountId: string, value: number) {
  const plan = await getAccountPlan(accountId);
  await db().execute(sql`
    insert into message_usage (account_id, period_start, used) values (${accountId}, ${plan.period.start}, ${value})
    on conflict (account_id, period_start) do update set used = excluded.used`);
}

describe("chargeMessages", () => {
  it("creates the period's counter on the first send and counts every message once", async () => {
    const account = await storedAccount();
    expect(await used(account.id)).toBeNull();
    await db().transaction((tx) => chargeMessages(tx, account.id, ids(3, "first")));
    expect(await used(account.id)).toBe(3);
    await db().transaction((tx) => chargeMessages(tx, account.id, ids(1, "second")));
    expect(await used(account.id)).toBe(4);
  });

  it("past the quota with no credits: quota_exceeded, and the counter is rolled back with the send", async () => {
    const account = await storedAccount({ planId: "free" });
    const { monthlyQuota } = await getAccountPlan(account.id);
    await setUsed(account.id, monthlyQuota! - 1);
    await expect(db().transaction((tx) => chargeMessages(tx, account.id, ids(2, "over")))).rejects.toMatchObject({
      code: "quota_exceeded",
    });
    expect(await used(account.id)).toBe(monthlyQuota! - 1);
    // The last email of the period still goes.
    await db().transaction((tx) => chargeMessages(tx, account.id, ids(1, "last")));
    expect(await used(account.id)).toBe(monthlyQuota);
  });

  it("the messages past the quota are paid with credits, one each, and the quota counter stops at the quota", async () => {
    const account = await storedAccount({ planId: "free" });
    const { monthlyQuota } = await getAccountPlan(account.id);
    await setUsed(account.id, monthlyQuota! - 1);
    await db().insert(emailCreditEntries).values({ accountId: account.id, delta: 5, reason: "test pack" });
    await db().transaction((tx) => chargeMessages(tx, account.id, ids(3, "credit")));
    expect(await used(account.id)).toBe(monthlyQuota);
    expect(await creditBalance(account.id)).toBe(3);
  });
});
