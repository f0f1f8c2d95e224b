// Emails the account has sent in a quota period, against the plan's quota:
// every message the sending API accepted in the period, except those paid
// with a pay-as-you-go credit (they do not use the quota). The billing page,
// the dashboard and the quota check all read it from here.
import { and, count, eq, gte, lt } from "drizzle-orm";
import { db, type Executor } from "@/server/db/client";
import { messages } from "@/server/db/schema";
import type { Period } from "./periods";

export async function emailsUsedInPeriod(accountId: string, period: Period, tx: Executor = db()): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(messages)
    .where(and(eq(messages.accountId, accountId), eq(messages.paidWithCredit, false), gte(messages.createdAt, period.start), lt(messages.createdAt, period.end)));
  return row?.total ?? 0;
}
