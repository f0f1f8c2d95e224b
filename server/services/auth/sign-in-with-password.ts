// POST /auth/login. The password is checked first, with the same argon2 work
// whether or not the email exists. Failures are counted per email+IP (block),
// per IP (block) and per email (slow down only, so nobody can lock a user out).
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { loginBody } from "@/shared/schemas/auth";
import { db } from "@/server/db/client";
import { accounts } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { verifyPassword } from "@/server/security/password";
import { recordActivity } from "@/server/services/activity/record-activity";
import {
  hitRateLimit,
  peekRateLimits,
  type RateLimitState,
  rateLimitedError,
} from "@/server/services/rate-limit/consume-rate-limit";
import { policy } from "@/server/services/rate-limit/policies";
import { finishSignIn } from "@/server/services/two-factor/challenges";
import { startSession } from "./start-session";
import type { ClientInfo } from "@/shared/api/client-info";

const SLOW_DOWN_MS = 1_000;

const invalidCredentials = () => new AppError("invalid_credentials", "Incorrect email or password.");

type Account = typeof accounts.$inferSelect;

/** Counts a failed attempt under every failure limit, and tells the account's owner in their activity log. */
async function recordFailure(account: Account | undefined, email: string, client: ClientInfo): Promise<void> {
  await Promise.all([
    hitRateLimit(policy("loginFailuresPerEmailAndIp"), `${email}|${client.ip}`),
    hitRateLimit(policy("loginFailuresPerIp"), client.ip),
    hitRateLimit(policy("loginFailuresPerEmail"), email),
    account &&
      recordActivity({
        accountId: account.id,
        type: "auth.login_failed",
        description: "Failed sign-in: wrong password",
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { method: "password" },
      }),
  ]);
}

/**
 * The usual sign-in (no second factor): the new session is written inside a
 * transaction while argon2 works on the password, and committed only once the
 * password has matched, so the answer waits for little more than the hash.
 * A wrong password rolls the transaction back: nothing of it was ever visible.
 */
async function startSessionIfPasswordMatches(account: Account, passwordMatches: Promise<boolean>, client: ClientInfo) {
  return db().transaction(async (tx) => {
    const payload = await startSession(tx, account, "password", client);
    if (!(await passwordMatches)) throw invalidCredentials();
    return payload;
  });
}

export async function signInWithPassword(input: z.output<typeof loginBody>, client: ClientInfo) {
  // The limits and the account are read at the same time: both are needed before argon2 starts.
  const [limits, [account]] = await Promise.all([
    peekRateLimits([
      { policy: policy("loginFailuresPerEmailAndIp"), subject: `${input.email}|${client.ip}` },
      { policy: policy("loginFailuresPerIp"), subject: client.ip },
      { policy: policy("loginFailuresPerEmail"), subject: input.email },
    ]),
    db().select().from(accounts).where(eq(accounts.email, input.email)).limit(1),
  ]);
  const [pairState, ipState, emailState] = limits as [RateLimitState, RateLimitState, RateLimitState];
  const blocked = [pairState, ipState].find((state) => state.limited);
  if (blocked) throw rateLimitedError(blocked, "Too many failed sign-in attempts. Please wait before trying again.");
  if (emailState.limited) await new Promise((resolve) => setTimeout(resolve, SLOW_DOWN_MS));

  const passwordMatches = verifyPassword(account?.passwordHash, input.password);
  if (account?.passwordHash && !account.twoFactorEnabled) {
    try {
      return await startSessionIfPasswordMatches(account, passwordMatches, client);
    } catch (error) {
      if (error instanceof AppError && error.code === "invalid_credentials") await recordFailure(account, input.email, client);
      throw error;
    }
  }
  if (!account || !(await passwordMatches)) {
    await recordFailure(account, input.email, client);
    throw invalidCredentials();
  }
  return finishSignIn(account, "password", client, input.totp_code);
}
