// Which of these addresses the account has suppressed: one indexed query for
// every recipient of a send (a batch included), compared lower-case.
import { sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { suppressionKey } from "./suppress-address";

export async function findSuppressed(tx: Executor, accountId: string, addresses: string[]): Promise<Set<string>> {
  const keys = [...new Set(addresses.map(suppressionKey))];
  if (keys.length === 0) return new Set();
  const result = await tx.execute<{ email: string }>(sql`
    select email from suppressions
     where account_id = ${accountId} and email in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`);
  return new Set(result.rows.map((row) => row.email));
}
