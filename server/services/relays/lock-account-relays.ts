// Serialises changes to one account's relays (create, default moves, delete)
// for the rest of the transaction, so "first relay is default" and "the new
// default replaces the old" hold under concurrent requests. The partial
// unique index still guarantees one default whatever happens.
import { sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";

export async function lockAccountRelays(tx: Executor, accountId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`smtp_relays:${accountId}`}, 0))`);
}
