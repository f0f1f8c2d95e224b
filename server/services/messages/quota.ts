// The monthly quota (docs/sending-api.md): each message counts against the plan's
// quota for the period; past it, a pay-as-you-go credit pays for it, and with
// none left the answer is 402 quota_exceeded. Runs inside the send
// transaction under the account's send lock, so two requests at the boundary
// cannot both take the last email.
import type { Executor } from "@/server/db/client";
import { emailCreditEntries } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { getAccountPlan } from "@/server/services/billing/account-plan";
import { creditBalance } from "@/server/services/billing/credit-balance";
import { emailsUsedInPeriod } from "@/server/services/billing/emails-used";

/** Decides how the next message is paid for: "quota" or "credit" (a credit is then debited). */
export async function chargeOneMessage(tx: Executor, accountId: string, messageId: string): Promise<"quota" | "credit"> {
  const plan = await getAccountPlan(accountId, tx);
  if (plan.monthlyQuota === null) return "quota";
  const used = await emailsUsedInPeriod(accountId, plan.period, tx);
  if (used < plan.monthlyQuota) return "quota";
  if ((await creditBalance(accountId, tx)) > 0) {
    await tx.insert(emailCreditEntries).values({ accountId, delta: -1, reason: `message ${messageId}` });
    return "credit";
  }
  throw new AppError(
    "quota_exceeded",
    `This account has sent its ${plan.monthlyQuota.toLocaleString("en-US")} emails for the period ending ${plan.period.end.toISOString()} and has no email credits. Upgrade the plan or buy credits.`,
  );
}
