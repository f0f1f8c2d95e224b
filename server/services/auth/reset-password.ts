// POST /auth/password/reset: a valid reset code sets the new password and
// signs the account out everywhere.
import { eq } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { accounts } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { hashPassword, isCommonPassword } from "@/server/security/password";
import { recordActivity } from "@/server/services/activity/record-activity";
import { spendCode } from "@/server/services/codes/one-time-codes";
import { commonPasswordError } from "./register-account";
import type { ClientInfo } from "@/shared/api/client-info";
import { revokeAccountSessions } from "@/server/services/sessions/revoke-account-sessions";

const invalidCode = () => new AppError("invalid_or_expired_code", "The reset code is wrong, already used or expired. Ask for a new one.");

export async function resetPassword(input: { email: string; otp_code: string; new_password: string }, client: ClientInfo): Promise<void> {
  if (isCommonPassword(input.new_password)) throw commonPasswordError("new_password");
  const [account] = await db().select({ id: accounts.id }).from(accounts).where(eq(accounts.email, input.email)).limit(1);
  if (!account) throw invalidCode();
  // Spent outside the transaction below, so a wrong guess stays counted.
  if (!(await spendCode(account.id, "password_reset", input.otp_code))) throw invalidCode();
  const passwordHash = await hashPassword(input.new_password);
  await db().transaction(async (tx) => {
    const at = now();
    await tx.update(accounts).set({ passwordHash, emailVerifiedAt: at, updatedAt: at }).where(eq(accounts.id, account.id));
    const revoked = await revokeAccountSessions(tx, account.id, "password_reset", { at });
    await recordActivity(
      {
        accountId: account.id,
        type: "account.password_reset",
        description: "Password reset with an emailed code; every session was signed out",
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { sessionsRevoked: revoked.length },
      },
      tx,
    );
  });
}
