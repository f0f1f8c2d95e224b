// The monthly quota: each message counts against the plan's quota for the
// period; past it, a pay-as-you-go credit pays for it, and with none left the
// answer is 402 quota_exceeded.
//
// Charging is one conditional UPDATE of the account's counter for the period
// (message_usage), run as the last step of the send transaction: the counter
// row's lock is held only from there to the commit, so an account's sends do
// not queue behind each other for the whole transaction, and two requests at
// the boundary cannot both take the last email. The same row lock serialises
// the rare credit debit.
import { inArray, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { emailCreditEntries, type MessageSource, messages } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { getAccountPlan } from "@/server/services/billing/account-plan";
import { creditBalance } from "@/server/services/billing/credit-balance";
import type { Period } from "@/server/services/billing/periods";

/** The quota of a plan without one: the counter still counts. */
const UNLIMITED = Number.MAX_SAFE_INTEGER;

/** Takes up to `count` emails from the period's quota; answers how many it took. Null when the counter does not exist yet. */
async function takeFromQuota(tx: Executor, accountId: string, period: Period, quota: number, count: number): Promise<number | null> {
  const result = await tx.execute<{ before: string; after: string }>(sql`
    update message_usage as usage
       set used = least(usage.used + ${count}, greatest(usage.used, ${quota}))
      from (select used from message_usage where account_id = ${accountId} and period_start = ${period.start} for update) as before
     where usage.account_id = ${accountId} and usage.period_start = ${period.start}
 returning before.used as before, usage.used as after`);
  const row = result.rows[0];
  return row ? Number(row.after) - Number(row.before) : null;
}

/**
 * The first send of a period creates its counter from the messages already
 * stored for it (accepted before counters existed, or by an older version),
 * not counting this transaction's own.
 */
/** Automatic replies a mailbox's rules write (vacation notices) are the service's courtesy: they never use the quota. */
const UNCHARGED_SOURCES: readonly MessageSource[] = ["mailbox_reply"];

export const countsAgainstQuota = (source: MessageSource) => !UNCHARGED_SOURCES.includes(source);

async function createCounter(tx: Executor, accountId: string, period: Period, exclude: string[]) {
  await tx.execute(sql`
    insert into message_usage (account_id, period_start, used)
    select ${accountId}, ${period.start}, count(*) from messages
     where account_id = ${accountId} and paid_with_credit = false and status not in ('canceled', 'suppressed')
       and source not in ${UNCHARGED_SOURCES}
       and created_at >= ${period.start} and created_at < ${period.end}
       and id not in ${exclude}
    on conflict do nothing`);
}

/**
 * Charges the messages (already inserted in `tx`) exactly once: from the
 * quota while it lasts, the rest from credits (marked paid_with_credit), or
 * throws quota_exceeded, rolling the whole send back.
 */
export async function chargeMessages(tx: Executor, accountId: string, messageIds: string[]): Promise<void> {
  const plan = await getAccountPlan(accountId, tx);
  const quota = plan.monthlyQuota ?? UNLIMITED;
  let taken = await takeFromQuota(tx, accountId, plan.period, quota, messageIds.length);
  if (taken === null) {
    await createCounter(tx, accountId, plan.period, messageIds);
    taken = (await takeFromQuota(tx, accountId, plan.period, quota, messageIds.length))!;
  }
  const overQuota = messageIds.slice(taken);
  if (overQuota.length === 0) return;
  if ((await creditBalance(accountId, tx)) < overQuota.length) {
    throw new AppError(
      "quota_exceeded",
      `This account has sent its ${quota.toLocaleString("en-US")} emails for the period ending ${plan.period.end.toISOString()} and has not enough email credits${messageIds.length > 1 ? ` for ${overQuota.length} of these ${messageIds.length} messages` : ""}. Upgrade the plan or buy credits.`,
    );
  }
  await tx.insert(emailCreditEntries).values(overQuota.map((id) => ({ accountId, delta: -1, reason: `message ${id}` })));
  await tx.update(messages).set({ paidWithCredit: true }).where(inArray(messages.id, overQuota));
}

/** A canceled message gives back what it took: its quota unit in the current period, or its credit. */
export async function refundMessage(tx: Executor, message: { id: string; accountId: string; paidWithCredit: boolean; createdAt: Date }) {
  if (message.paidWithCredit) {
    await tx.insert(emailCreditEntries).values({ accountId: message.accountId, delta: 1, reason: `canceled message ${message.id}` });
    return;
  }
  const plan = await getAccountPlan(message.accountId, tx);
  if (message.createdAt < plan.period.start) return;
  await tx.execute(sql`
    update message_usage set used = greatest(used - 1, 0)
     where account_id = ${message.accountId} and period_start = ${plan.period.start}`);
}
