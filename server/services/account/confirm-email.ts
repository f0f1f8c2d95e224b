// POST /account/email/confirmation and /account/email/confirm: proving the
// account's address from a signed-in session (the test sender needs a proven
// address; signing up alone does not prove it).
import { eq } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { accounts } from "@/server/db/schema";
import { queueEmail } from "@/server/notifications/queue-email";
import { emailConfirmationEmail } from "@/server/notifications/templates/account-emails";
import { AppError } from "@/server/errors";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";
import type { ClientInfo } from "@/shared/api/client-info";
import { issueCode, spendCode } from "@/server/services/codes/one-time-codes";
import { enforceRateLimit } from "@/server/services/rate-limit/consume-rate-limit";
import { policy } from "@/server/services/rate-limit/policies";
import { accountView } from "./account-view";

const alreadyConfirmed = () => new AppError("conflict", "This email address is already confirmed.");

export async function sendEmailConfirmation(auth: AuthContext): Promise<null> {
  if (auth.account.emailVerifiedAt) throw alreadyConfirmed();
  await enforceRateLimit(policy("emailedSecretsPerEmail"), auth.account.email);
  await db().transaction(async (tx) => {
    const code = await issueCode(tx, auth.accountId, "email_confirmation");
    // Queued in the same transaction: the email exists exactly when its code does.
    await queueEmail(emailConfirmationEmail(auth.account.email, code), tx);
  });
  return null;
}

export async function confirmEmail(auth: AuthContext, code: string, client: ClientInfo) {
  if (!(await spendCode(auth.accountId, "email_confirmation", code))) {
    throw new AppError("invalid_or_expired_code", "That code is wrong or has expired. Ask for a new one.");
  }
  return db().transaction(async (tx) => {
    const [account] = await tx.update(accounts).set({ emailVerifiedAt: now() }).where(eq(accounts.id, auth.accountId)).returning();
    await recordActivity(
      {
        accountId: auth.accountId,
        type: "account.email_confirmed",
        description: "Email address confirmed",
        ip: client.ip,
        userAgent: client.userAgent,
      },
      tx,
    );
    return accountView(account!);
  });
}
