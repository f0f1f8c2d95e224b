// The account's default relay: at most one (a partial unique index), moved
// inside the caller's transaction after lockAccountRelays.
import { and, desc, eq, ne } from "drizzle-orm";
import { now } from "@/server/clock";
import type { Executor } from "@/server/db/client";
import { smtpRelays } from "@/server/db/schema";

/** Clears the default flag on the account's other relays (before one becomes the default). */
export async function clearOtherDefaults(tx: Executor, accountId: string, keepRelayId: string): Promise<void> {
  await tx
    .update(smtpRelays)
    .set({ isDefault: false, updatedAt: now() })
    .where(and(eq(smtpRelays.accountId, accountId), eq(smtpRelays.isDefault, true), ne(smtpRelays.id, keepRelayId)));
}

/** After the default was deleted: the most recently added active relay takes over, if there is one. */
export async function promoteNewestActiveRelay(tx: Executor, accountId: string): Promise<string | null> {
  const [next] = await tx
    .select({ id: smtpRelays.id })
    .from(smtpRelays)
    .where(and(eq(smtpRelays.accountId, accountId), eq(smtpRelays.status, "active")))
    .orderBy(desc(smtpRelays.createdAt), desc(smtpRelays.id))
    .limit(1);
  if (!next) return null;
  await tx.update(smtpRelays).set({ isDefault: true, updatedAt: now() }).where(eq(smtpRelays.id, next.id));
  return next.id;
}
