// PUT /account/password: proves the current password, sets a new one, signs
// out every other session and tells the owner by email.
import { eq } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { accounts } from "@/server/db/schema";
import { queueEmail } from "@/server/notifications/queue-email";
import { passwordChangedEmail } from "@/server/notifications/templates/auth-emails";
import { AppError } from "@/server/errors";
import { hashPassword, verifyPassword } from "@/server/security/password";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";
import { commonPasswordError } from "@/server/services/auth/register-account";
import type { ClientInfo } from "@/shared/api/client-info";
import { isCommonPassword } from "@/server/security/password";
import { revokeAccountSessions } from "@/server/services/sessions/revoke-account-sessions";

export async function changePassword(
  auth: AuthContext,
  input: { current_password: string; new_password: string },
  client: ClientInfo,
): Promise<void> {
  if (!(await verifyPassword(auth.account.passwordHash, input.current_password))) {
    throw new AppError("invalid_credentials", "Your current password is not right.");
  }
  if (input.new_password === input.current_password) {
    throw new AppError("validation_error", "Choose a password different from the current one.", {
      errors: [{ path: "new_password", message: "Must differ from the current password" }],
    });
  }
  if (isCommonPassword(input.new_password)) throw commonPasswordError("new_password");
  const passwordHash = await hashPassword(input.new_password);
  const at = now();
  await db().transaction(async (tx) => {
    await tx.update(accounts).set({ passwordHash, updatedAt: at }).where(eq(accounts.id, auth.accountId));
    const revoked = await revokeAccountSessions(tx, auth.accountId, "password_changed", { at, except: auth.sessionId });
    await recordActivity(
      {
        accountId: auth.accountId,
        type: "account.password_changed",
        description: "Password changed; other sessions were signed out",
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { sessionsRevoked: revoked.length },
      },
      tx,
    );
    await queueEmail(passwordChangedEmail(auth.account.email, at, client.ip), tx);
  });
}
