// DELETE /account schedules erasure 30 days out (docs/email-and-two-factor.md) and signs out
// everywhere; signing in during the grace period is allowed and can cancel it.
// When the day comes, the purge job erases the account; every table that
// holds account data references it ON DELETE CASCADE, so one DELETE erases all.
import { and, eq, isNotNull, lte } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { accounts } from "@/server/db/schema";
import { queueEmail } from "@/server/notifications/queue-email";
import { deletionScheduledEmail } from "@/server/notifications/templates/auth-emails";
import { env } from "@/server/config/env";
import { AppError } from "@/server/errors";
import { logger } from "@/server/logger";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";
import type { ClientInfo } from "@/shared/api/client-info";
import { requireCodeOrFreshSession } from "@/server/services/two-factor/second-factor";
import { revokeAccountSessions } from "@/server/services/sessions/revoke-account-sessions";

export const DELETION_GRACE_MS = 30 * 24 * 60 * 60 * 1000;

export async function scheduleAccountDeletion(auth: AuthContext, code: string | undefined, client: ClientInfo) {
  if (auth.account.deletionScheduledFor) {
    return { deletionScheduledFor: auth.account.deletionScheduledFor.toISOString() };
  }
  await requireCodeOrFreshSession(auth, code, client);
  const at = now();
  const when = new Date(at.getTime() + DELETION_GRACE_MS);
  await db().transaction(async (tx) => {
    await tx.update(accounts).set({ deletionScheduledFor: when, updatedAt: at }).where(eq(accounts.id, auth.accountId));
    await revokeAccountSessions(tx, auth.accountId, "account_deletion", { at });
    await recordActivity(
      {
        accountId: auth.accountId,
        type: "account.deletion_scheduled",
        description: `Account deletion scheduled for ${when.toISOString()}`,
        ip: client.ip,
        userAgent: client.userAgent,
      },
      tx,
    );
    await queueEmail(deletionScheduledEmail(auth.account.email, when, `${env().appUrl}/sign-in`), tx);
  });
  return { deletionScheduledFor: when.toISOString() };
}

export async function cancelAccountDeletion(auth: AuthContext, client: ClientInfo): Promise<void> {
  if (!auth.account.deletionScheduledFor) throw new AppError("conflict", "No deletion is scheduled for this account.");
  await db().transaction(async (tx) => {
    await tx.update(accounts).set({ deletionScheduledFor: null, updatedAt: now() }).where(eq(accounts.id, auth.accountId));
    await recordActivity(
      {
        accountId: auth.accountId,
        type: "account.deletion_canceled",
        description: "Account deletion canceled",
        ip: client.ip,
        userAgent: client.userAgent,
      },
      tx,
    );
  });
}

/** The purge job: erases every account whose grace period ended by `at`. */
export async function purgeDueAccounts(at: Date = now()): Promise<number> {
  const erased = await db()
    .delete(accounts)
    .where(and(isNotNull(accounts.deletionScheduledFor), lte(accounts.deletionScheduledFor, at)))
    .returning({ id: accounts.id });
  if (erased.length > 0) logger().info({ count: erased.length }, "accounts erased after their deletion grace period");
  return erased.length;
}
