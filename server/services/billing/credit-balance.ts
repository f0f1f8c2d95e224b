// The account's email credits: the sum of its ledger entries.
import { type SQL, sql } from "drizzle-orm";
import { db, type Executor } from "@/server/db/client";
import { type Bound, executeHot } from "@/server/db/prepared";

/** The balance as a scalar subquery, so the dashboard reads it in its own statement. */
export function creditBalanceOf(accountId: Bound): SQL {
  return sql`(select coalesce(sum(delta), 0) from email_credit_entries where account_id = ${accountId})`;
}

export async function creditBalance(accountId: string, tx: Executor = db()): Promise<number> {
  const result = await executeHot<{ balance: string }>(tx, "credit-balance", sql`select ${creditBalanceOf(accountId)} as balance`);
  return Number(result.rows[0]?.balance ?? 0);
}
