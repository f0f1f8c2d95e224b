// PUT /account/security-preferences. The idle timeout is read on every
// request, so a shorter one ends idle sessions at once. Requiring two-factor
// of members is checked when a member switches into the account.
import { eq } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { accounts } from "@/server/db/schema";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";
import type { ClientInfo } from "@/shared/api/client-info";

export async function updateSecurityPreferences(
  auth: AuthContext,
  changes: { sessionTimeoutMinutes?: number; notifyNewSignin?: boolean; requireTwoFactorForMembers?: boolean },
  client: ClientInfo,
) {
  return db().transaction(async (tx) => {
    const [account] = await tx
      .update(accounts)
      .set({ ...changes, updatedAt: now() })
      .where(eq(accounts.id, auth.accountId))
      .returning({
        sessionTimeoutMinutes: accounts.sessionTimeoutMinutes,
        notifyNewSignin: accounts.notifyNewSignin,
        requireTwoFactorForMembers: accounts.requireTwoFactorForMembers,
      });
    await recordActivity(
      {
        accountId: auth.accountId,
        type: "security.preferences_updated",
        description: "Security preferences updated",
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: changes,
      },
      tx,
    );
    return account!;
  });
}
