// Emails the account has sent in a quota period, against the plan's quota:
// every message the sending API accepted in the period, except those paid
// with a pay-as-you-go credit (they do not use the quota), those canceled
// before they left (their charge was given back) and those suppressed at
// acceptance (never charged), and a mailbox's automatic replies. The billing page and the
// dashboard read it here; the quota check keeps the same count in a counter
// (message_usage, see server/services/messages/quota.ts).
import { type SQL, sql } from "drizzle-orm";
import { db, type Executor } from "@/server/db/client";
import { type Bound, executeHot } from "@/server/db/prepared";
import type { Period } from "./periods";

/**
 * The count as a scalar subquery, its period's bounds given as SQL (values,
 * or the columns of a statement that works the period out, as the
 * dashboard's does), so this rule is written once.
 */
export function emailsUsedCount(accountId: Bound, start: SQL, end: SQL): SQL {
  // Automatic replies of mailboxes never use the quota (quota.ts).
  return sql`(select count(*) from messages
     where account_id = ${accountId} and paid_with_credit = false
       and status not in ('canceled', 'suppressed') and source <> 'mailbox_reply'
       and created_at >= ${start} and created_at < ${end})`;
}

export async function emailsUsedInPeriod(accountId: string, period: Period, tx: Executor = db()): Promise<number> {
  const bounds = [sql`${period.start.toISOString()}::timestamptz`, sql`${period.end.toISOString()}::timestamptz`] as const;
  const result = await executeHot<{ total: string }>(tx, "emails-used", sql`select ${emailsUsedCount(accountId, ...bounds)} as total`);
  return Number(result.rows[0]?.total ?? 0);
}
