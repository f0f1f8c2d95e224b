// POST /auth/login. Every attempt is counted before the password is looked at
// (per email+IP and per IP: block; per email: slow down only, so nobody can
// lock a user out), and the decision is made on the count the database
// returned, so a burst of concurrent guesses gets exactly the limit's number
// of evaluations. A right password takes its count back. A wrong password
// costs the same work whether or not the email exists: the same argon2 cost
// (a decoy hash), the same reads, and the same failure statement (it records
// the failure in the account's activity log, and finds no account for an
// unknown email). See docs/security.md.
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { loginBody } from "@/shared/schemas/auth";
import { db } from "@/server/db/client";
import { accounts } from "@/server/db/schema";
import { ipRateLimitSubject } from "@/server/services/rate-limit/ip-rate-limit-subject";
import { AppError } from "@/server/errors";
import { newId } from "@/server/ids";
import { verifyPassword } from "@/server/security/password";
import { type RateLimitCheck, hitRateLimits, rateLimitedError, refundRateLimits } from "@/server/services/rate-limit/consume-rate-limit";
import { policy } from "@/server/services/rate-limit/policies";
import { finishSignIn } from "@/server/services/two-factor/challenges";
import type { ClientInfo } from "@/shared/api/client-info";

const SLOW_DOWN_MS = 1_000;

const invalidCredentials = () => new AppError("invalid_credentials", "Incorrect email or password.");

function attemptLimits(email: string, ip: string): [RateLimitCheck, RateLimitCheck, RateLimitCheck] {
  const network = ipRateLimitSubject(ip);
  return [
    { policy: policy("loginFailuresPerEmailAndIp"), subject: `${email}|${network}` },
    { policy: policy("loginFailuresPerIp"), subject: network },
    { policy: policy("loginFailuresPerEmail"), subject: email },
  ];
}

/**
 * The account owner's `auth.login_failed` event, as one statement that runs
 * whether or not the email has an account (it inserts nothing for an unknown
 * email), so both cost the same round trip. Its commit does not wait for the
 * write-ahead log to reach the disk (synchronous_commit off, for this
 * transaction only): that flush is the one thing an unknown email would not
 * pay, and it showed in the answer time. An event lost in a crash in the
 * following instant is an acceptable price.
 */
async function recordFailure(email: string, client: ClientInfo): Promise<void> {
  await db().execute(sql`
    with relaxed as (select set_config('synchronous_commit', 'off', true))
    insert into activity_events (id, account_id, type, description, ip_address, user_agent, metadata, created_at)
    select ${newId("evt")}, accounts.id, 'auth.login_failed', 'Failed sign-in: wrong password', ${client.ip},
           ${client.userAgent?.slice(0, 512) ?? null}, '{"method":"password"}'::jsonb, clock_timestamp()
    from accounts cross join relaxed where accounts.email = ${email}`);
}

export async function signInWithPassword(input: z.output<typeof loginBody>, client: ClientInfo) {
  const limits = attemptLimits(input.email, client.ip);
  // Counted and read at the same time: both are needed before argon2 starts.
  const [states, [account]] = await Promise.all([
    hitRateLimits(limits),
    db().select().from(accounts).where(eq(accounts.email, input.email)).limit(1),
  ]);
  const [pairState, ipState, emailState] = states;
  const blocked = [pairState!, ipState!].find((state) => state.limited);
  if (blocked) throw rateLimitedError(blocked, "Too many failed sign-in attempts. Please wait before trying again.");
  if (emailState!.limited) await new Promise((resolve) => setTimeout(resolve, SLOW_DOWN_MS));

  if (!(await verifyPassword(account?.passwordHash, input.password)) || !account) {
    await recordFailure(input.email, client);
    throw invalidCredentials();
  }
  await refundRateLimits(limits, states);
  return finishSignIn(account, "password", client, input.totp_code);
}
