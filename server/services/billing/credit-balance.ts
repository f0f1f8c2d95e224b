// The account's email credits: the sum of its ledger entries.
import { eq, sql } from "drizzle-orm";
import { db, type Executor } from "@/server/db/client";
import { hotQuery } from "@/server/db/prepared";
import { emailCreditEntries } from "@/server/db/schema";

const balanceOf = hotQuery("credit_balance", (executor) =>
  executor
    .select({ balance: sql<string>`coalesce(sum(${emailCreditEntries.delta}), 0)` })
    .from(emailCreditEntries)
    .where(eq(emailCreditEntries.accountId, sql.placeholder("accountId"))),
);

export async function creditBalance(accountId: string, tx: Executor = db()): Promise<number> {
  const [row] = await balanceOf(tx).execute({ accountId });
  return Number(row?.balance ?? 0);
}
