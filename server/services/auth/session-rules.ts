// When a session is alive (docs/accounts.md): not revoked, inside its 30-day
// absolute lifetime, and used within the account's idle timeout.
import type { accounts, sessions } from "@/server/db/schema";

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const REFRESH_GRACE_MS = 10_000;
/** lastActiveAt is written at most this often, to keep reads cheap. */
export const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

type SessionRow = Pick<typeof sessions.$inferSelect, "revokedAt" | "expiresAt" | "lastActiveAt">;
type AccountRow = Pick<typeof accounts.$inferSelect, "sessionTimeoutMinutes">;

export function isSessionAlive(session: SessionRow, account: AccountRow, at: Date): boolean {
  if (session.revokedAt) return false;
  if (session.expiresAt.getTime() <= at.getTime()) return false;
  return session.lastActiveAt.getTime() + account.sessionTimeoutMinutes * 60_000 > at.getTime();
}
