// Signs out every live session of an account at once: after a password change
// or reset, a scheduled deletion, a provider proving the email, or "sign out
// everywhere else". Runs inside the caller's transaction.
import { and, eq, isNull, ne } from "drizzle-orm";
import { now } from "@/server/clock";
import type { Executor } from "@/server/db/client";
import { sessions } from "@/server/db/schema";

export type SessionsRevokedReason = "password_reset" | "password_changed" | "account_deletion" | "email_proven_by_provider" | "revoked_all";

/** The ids of the sessions it revoked; `except` keeps the caller's own session. */
export async function revokeAccountSessions(
  tx: Executor,
  accountId: string,
  reason: SessionsRevokedReason,
  options: { at?: Date; except?: string } = {},
): Promise<string[]> {
  const live = and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt));
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: options.at ?? now(), revokedReason: reason })
    .where(options.except ? and(live, ne(sessions.id, options.except)) : live)
    .returning({ id: sessions.id });
  return revoked.map((row) => row.id);
}
