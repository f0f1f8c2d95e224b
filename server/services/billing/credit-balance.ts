// The account's email credits: the sum of its ledger entries.
import { eq, sql } from "drizzle-orm";
import { db, type Executor } from "@/server/db/client";
import { emailCreditEntries } from "@/server/db/schema";

export async function creditBalance(accountId: string, tx: Executor = db()): Promise<number> {
  const [row] = await tx
    .select({ balance: sql<string>`coalesce(sum(${emailCreditEntries.delta}), 0)` })
    .from(emailCreditEntries)
    .where(eq(emailCreditEntries.accountId, accountId));
  return Number(row?.balance ?? 0);
}
