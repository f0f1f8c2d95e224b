// POST /auth/login. The password is checked first, with the same argon2 work
// whether or not the email exists. Failures are counted per email+IP (block),
// per IP (block) and per email (slow down only, so nobody can lock a user out).
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { loginBody } from "@/shared/schemas/auth";
import { db } from "@/server/db/client";
import { accounts } from "@/server/db/schema";
import { AppError } from "@/server/http/errors";
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
import type { ClientInfo } from "./start-session";

const SLOW_DOWN_MS = 1_000;

const invalidCredentials = () => new AppError("invalid_credentials", "Incorrect email or password.");

export async function signInWithPassword(input: z.output<typeof loginBody>, client: ClientInfo) {
  const emailAndIp = `${input.email}|${client.ip}`;
  const [pairState, ipState, emailState] = (await peekRateLimits([
    { policy: policy("loginFailuresPerEmailAndIp"), subject: emailAndIp },
    { policy: policy("loginFailuresPerIp"), subject: client.ip },
    { policy: policy("loginFailuresPerEmail"), subject: input.email },
  ])) as [RateLimitState, RateLimitState, RateLimitState];
  const blocked = [pairState, ipState].find((state) => state.limited);
  if (blocked) throw rateLimitedError(blocked, "Too many failed sign-in attempts. Please wait before trying again.");
  if (emailState.limited) await new Promise((resolve) => setTimeout(resolve, SLOW_DOWN_MS));

  const [account] = await db().select().from(accounts).where(eq(accounts.email, input.email)).limit(1);
  const passwordMatches = await verifyPassword(account?.passwordHash, input.password);
  if (!account || !passwordMatches) {
    await Promise.all([
      hitRateLimit(policy("loginFailuresPerEmailAndIp"), emailAndIp),
      hitRateLimit(policy("loginFailuresPerIp"), client.ip),
      hitRateLimit(policy("loginFailuresPerEmail"), input.email),
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
    throw invalidCredentials();
  }
  return finishSignIn(account, "password", client, input.totp_code);
}
