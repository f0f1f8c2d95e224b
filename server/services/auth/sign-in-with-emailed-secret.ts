// POST /auth/otp/verify and GET /auth/magic-link/verify: spend the emailed
// secret and start a session. Completing either proves the email address.
import { eq } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { accounts } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { recordActivity } from "@/server/services/activity/record-activity";
import { spendCode, spendMagicLinkToken } from "@/server/services/codes/one-time-codes";
import { finishSignIn } from "@/server/services/two-factor/challenges";
import type { ClientInfo } from "@/shared/api/client-info";

const invalidCode = () => new AppError("invalid_or_expired_code", "The code is wrong, already used or expired. Ask for a new one.");
const invalidToken = () =>
  new AppError("invalid_or_expired_token", "This sign-in link is invalid, already used or expired. Ask for a new one.");

async function startVerifiedSession(accountId: string, method: "email_code" | "magic_link", client: ClientInfo) {
  const [account] = await db().update(accounts).set({ emailVerifiedAt: now() }).where(eq(accounts.id, accountId)).returning();
  if (!account) throw new AppError("invalid_or_expired_token", "This account no longer exists.");
  return finishSignIn(account, method, client);
}

export async function signInWithCode(email: string, code: string, client: ClientInfo) {
  const [account] = await db().select().from(accounts).where(eq(accounts.email, email)).limit(1);
  if (!account?.otpLoginEnabled) throw invalidCode();
  if (!(await spendCode(account.id, "sign_in_code", code))) {
    await recordActivity({
      accountId: account.id,
      type: "auth.login_failed",
      description: "Failed sign-in: wrong or expired email code",
      ip: client.ip,
      userAgent: client.userAgent,
      metadata: { method: "email_code" },
    });
    throw invalidCode();
  }
  return startVerifiedSession(account.id, "email_code", client);
}

export async function signInWithMagicLink(token: string, client: ClientInfo) {
  const accountId = await spendMagicLinkToken(token);
  if (!accountId) throw invalidToken();
  return startVerifiedSession(accountId, "magic_link", client);
}
