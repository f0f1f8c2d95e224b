// When two-factor is on, every sign-in method stops after the first factor
// with 401 two_factor_required and a challenge token; POST /auth/2fa/challenge
// completes it with a TOTP or recovery code (docs/email-and-two-factor.md).
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { AuthPayload } from "@/shared/schemas/auth";
import { now } from "@/server/clock";
import { db, type Executor } from "@/server/db/client";
import { accounts, twoFactorChallenges } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { randomToken, sha256Hex } from "@/server/security/crypto";
import { type SignInMethod, startSession } from "@/server/services/auth/start-session";
import { verifySecondFactor } from "./second-factor";
import type { ClientInfo } from "@/shared/api/client-info";

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const MAX_CHALLENGE_TRIES = 5;

type Account = typeof accounts.$inferSelect;

async function issueChallenge(accountId: string, method: SignInMethod, tx: Executor = db()): Promise<string> {
  const token = `ch_${randomToken(32)}`;
  await tx.insert(twoFactorChallenges).values({
    tokenHash: sha256Hex(token),
    accountId,
    signInMethod: method,
    expiresAt: new Date(now().getTime() + CHALLENGE_TTL_MS),
  });
  return token;
}

export async function twoFactorRequired(accountId: string, method: SignInMethod, tx?: Executor): Promise<AppError> {
  return new AppError("two_factor_required", "Enter the code from your authenticator app (or a recovery code) to finish signing in.", {
    data: { challengeToken: await issueChallenge(accountId, method, tx) },
  });
}

/**
 * The last step of every sign-in: a session when two-factor is off (or the
 * code given alongside is right); otherwise 401 with a challenge to complete.
 */
export async function finishSignIn(account: Account, method: SignInMethod, client: ClientInfo, totpCode?: string): Promise<AuthPayload> {
  if (!account.twoFactorEnabled) return db().transaction((tx) => startSession(tx, account, method, client));
  if (totpCode === undefined) throw await twoFactorRequired(account.id, method);
  if (!(await verifySecondFactor(account.id, totpCode, client))) {
    throw new AppError("invalid_two_factor_code", "That two-factor code is not right (or was already used).", {
      data: { challengeToken: await issueChallenge(account.id, method) },
    });
  }
  return db().transaction((tx) => startSession(tx, account, method, client));
}

const deadChallenge = () => new AppError("invalid_or_expired_token", "This sign-in attempt has expired. Please sign in again.");

export async function completeChallenge(challengeToken: string, code: string, client: ClientInfo): Promise<AuthPayload> {
  const tokenHash = sha256Hex(challengeToken);
  const live = and(
    eq(twoFactorChallenges.tokenHash, tokenHash),
    isNull(twoFactorChallenges.consumedAt),
    gt(twoFactorChallenges.expiresAt, now()),
    lt(twoFactorChallenges.attempts, MAX_CHALLENGE_TRIES),
  );
  // The try is taken first (one conditional UPDATE), so concurrent codes never get more than the challenge's tries.
  const [challenge] = await db()
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(live)
    .returning();
  if (!challenge) throw deadChallenge();
  if (!(await verifySecondFactor(challenge.accountId, code, client))) {
    throw new AppError("invalid_two_factor_code", "That two-factor code is not right (or was already used).");
  }
  return db().transaction(async (tx) => {
    const [spent] = await tx
      .update(twoFactorChallenges)
      .set({ consumedAt: now() })
      .where(
        and(eq(twoFactorChallenges.tokenHash, tokenHash), isNull(twoFactorChallenges.consumedAt), gt(twoFactorChallenges.expiresAt, now())),
      )
      .returning();
    if (!spent) throw deadChallenge();
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, spent.accountId)).limit(1);
    if (!account) throw deadChallenge();
    return startSession(tx, account, spent.signInMethod as SignInMethod, client);
  });
}
