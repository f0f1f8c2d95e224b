// Emails the account has sent in a quota period, against the plan's quota:
// every message the sending API accepted in the period, except those paid
// with a pay-as-you-go credit (they do not use the quota), those canceled
// before they left (their charge was given back) and those suppressed at
// acceptance (never charged), and a mailbox's automatic replies. The billing page and the
// dashboard read it here; the quota check keeps the same count in a counter
// (message_usage, see server/services/messages/quota.ts).
import { and, count, eq, gte, lt, ne, notInArray, sql } from "drizzle-orm";
import { db, type Executor } from "@/server/db/client";
import { hotQuery } from "@/server/db/prepared";
import { messages } from "@/server/db/schema";
import type { Period } from "./periods";

const usedIn = hotQuery("emails_used", (executor) =>
  executor
    .select({ total: count() })
    .from(messages)
    .where(
      and(
        eq(messages.accountId, sql.placeholder("accountId")),
        eq(messages.paidWithCredit, false),
        notInArray(messages.status, ["canceled", "suppressed"]),
        // Automatic replies of mailboxes never use the quota (quota.ts).
        ne(messages.source, "mailbox_reply"),
        gte(messages.createdAt, sql.placeholder("start")),
        lt(messages.createdAt, sql.placeholder("end")),
      ),
    ),
);

export async function emailsUsedInPeriod(accountId: string, period: Period, tx: Executor = db()): Promise<number> {
  const [row] = await usedIn(tx).execute({ accountId, start: period.start.toISOString(), end: period.end.toISOString() });
  return row?.total ?? 0;
}
