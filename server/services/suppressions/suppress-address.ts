// Puts an address on an account's suppression list (docs/bounces.md,
// "Suppression list"). One row per account and lower-cased address: a hard
// bounce or a complaint replaces whatever reason the row had (the newest
// evidence wins, with its message); adding an address by hand that is
// already listed changes nothing.
import { sql } from "drizzle-orm";
import { db, type Executor } from "@/server/db/client";
import type { SuppressionReason } from "@/server/db/schema";

export type SuppressAddressInput = {
  accountId: string;
  email: string;
  reason: SuppressionReason;
  /** The message whose bounce or complaint caused it; null when added by hand. */
  messageId?: string | null;
};

export type SuppressionRow = { email: string; reason: SuppressionReason; messageId: string | null; createdAt: Date };

/** Lower case, trimmed: how suppressions are stored and compared. */
export const suppressionKey = (email: string) => email.trim().toLowerCase();

type Returned = { email: string; reason: SuppressionReason; message_id: string | null; created_at: Date | string; created: boolean };

const toRow = (row: Returned): SuppressionRow => ({
  email: row.email,
  reason: row.reason,
  messageId: row.message_id,
  createdAt: new Date(row.created_at),
});

/** Upserts the address; `created` is false when it was already listed. */
export async function suppressAddress(
  input: SuppressAddressInput,
  tx: Executor = db(),
): Promise<{ suppression: SuppressionRow; created: boolean }> {
  const email = suppressionKey(input.email);
  const messageId = input.messageId ?? null;
  const manual = input.reason === "manual";
  // `xmax = 0` tells a fresh row from one the conflict updated; a manual add
  // touches nothing (the no-op update only makes the row come back).
  const result = await tx.execute<Returned>(sql`
    insert into suppressions (account_id, email, reason, message_id)
    values (${input.accountId}, ${email}, ${input.reason}, ${messageId})
    on conflict (account_id, email) do update
       set reason = case when ${manual} then suppressions.reason else excluded.reason end,
           message_id = case when ${manual} then suppressions.message_id else excluded.message_id end
 returning email, reason, message_id, created_at, (xmax = 0) as created`);
  const row = result.rows[0]!;
  return { suppression: toRow(row), created: Boolean(row.created) };
}
