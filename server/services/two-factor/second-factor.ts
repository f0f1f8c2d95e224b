// Checking a second factor: a TOTP code (each accepted at most once per
// account: the accepted step is recorded atomically) or a one-time recovery
// code. Ten failures in 15 minutes lock the account's second factor for 15
// minutes (429).
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { recoveryCodes, twoFactorSecrets } from "@/server/db/schema";
import { derivedKey, hmacBase64Url } from "@/server/security/crypto";
import { decryptSecret } from "@/server/security/encryption";
import { matchingStep } from "@/server/security/totp";
import { recordActivity } from "@/server/services/activity/record-activity";
import { AppError } from "@/server/errors";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";
import { requireFreshSession } from "@/server/services/auth/require-fresh-session";
import type { ClientInfo } from "@/shared/api/client-info";
import {
  hitRateLimits,
  peekRateLimits,
  type RateLimitState,
  rateLimitedError,
  refundRateLimits,
} from "@/server/services/rate-limit/consume-rate-limit";
import { policy } from "@/server/services/rate-limit/policies";

export type SecondFactor = "totp" | "recovery_code";

let recoveryKey: Buffer | undefined;
export const recoveryCodeHash = (code: string) =>
  hmacBase64Url((recoveryKey ??= derivedKey("recovery-codes")), code.toLowerCase().replace(/[^a-z0-9]/g, ""));

export const totpAad = (accountId: string) => `totp:${accountId}`;

/** Accepts a TOTP code for an account's confirmed secret, once. */
async function acceptTotp(accountId: string, code: string): Promise<boolean> {
  const [state] = await db().select().from(twoFactorSecrets).where(eq(twoFactorSecrets.accountId, accountId)).limit(1);
  if (!state?.secretSealed) return false;
  const step = matchingStep(decryptSecret(state.secretSealed, totpAad(accountId)), code, now());
  if (step === null) return false;
  const accepted = await db()
    .update(twoFactorSecrets)
    .set({ lastAcceptedStep: step })
    .where(
      and(
        eq(twoFactorSecrets.accountId, accountId),
        or(isNull(twoFactorSecrets.lastAcceptedStep), lt(twoFactorSecrets.lastAcceptedStep, step)),
      ),
    )
    .returning({ accountId: twoFactorSecrets.accountId });
  return accepted.length === 1; // 0 rows: this code (or a later one) was already used
}

async function spendRecoveryCode(accountId: string, code: string): Promise<boolean> {
  const spent = await db()
    .update(recoveryCodes)
    .set({ usedAt: now() })
    .where(and(eq(recoveryCodes.accountId, accountId), eq(recoveryCodes.codeHash, recoveryCodeHash(code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent.length === 1;
}

const lockedError = (state: RateLimitState) =>
  rateLimitedError(state, "Too many wrong codes. Two-factor sign-in is locked for 15 minutes.");

/** Throws 429 while the account's second factor is locked. */
export async function assertSecondFactorUnlocked(accountId: string): Promise<void> {
  const [lock] = await peekRateLimits([{ policy: policy("secondFactorLockout"), subject: accountId }]);
  if (lock!.limited) throw lockedError(lock!);
}

/**
 * Which factor the code proved, or null. The attempt is counted before the
 * code is checked (and taken back when it proves right), so concurrent wrong
 * codes get exactly the limit's number of checks; the attempt that reaches
 * the limit, or any past it, opens the lockout.
 * Six digits are a TOTP code; anything else is tried as a recovery code.
 */
export async function verifySecondFactor(accountId: string, code: string, client: ClientInfo): Promise<SecondFactor | null> {
  await assertSecondFactorUnlocked(accountId);
  const failuresPolicy = policy("secondFactorFailuresPerAccount");
  const attempt = [{ policy: failuresPolicy, subject: accountId }];
  const [counted] = await hitRateLimits(attempt);
  if (counted!.limited) throw lockedError((await hitRateLimits([{ policy: policy("secondFactorLockout"), subject: accountId }]))[0]!);
  const trimmed = code.trim();
  const factor: SecondFactor | null = /^\d{6}$/.test(trimmed)
    ? (await acceptTotp(accountId, trimmed))
      ? "totp"
      : null
    : (await spendRecoveryCode(accountId, trimmed))
      ? "recovery_code"
      : null;
  if (factor) {
    await refundRateLimits(attempt, [counted!]);
    if (factor === "recovery_code") {
      await recordActivity({
        accountId,
        type: "security.recovery_code_used",
        description: "A recovery code was used",
        ip: client.ip,
        userAgent: client.userAgent,
      });
    }
    return factor;
  }
  if (counted!.count === failuresPolicy.limit) await hitRateLimits([{ policy: policy("secondFactorLockout"), subject: accountId }]);
  await recordActivity({
    accountId,
    type: "security.2fa_failed",
    description: "A wrong two-factor code was entered",
    ip: client.ip,
    userAgent: client.userAgent,
  });
  return null;
}

/**
 * The rule for disabling two-factor and deleting the account (docs/email-and-two-factor.md):
 * a valid code (TOTP or recovery; a wrong one is 401), or else a fresh session (403).
 */
export async function requireCodeOrFreshSession(auth: AuthContext, code: string | undefined, client: ClientInfo): Promise<void> {
  if (code === undefined) {
    requireFreshSession(auth);
    return;
  }
  if (!(await verifySecondFactor(auth.accountId, code, client))) {
    throw new AppError("invalid_two_factor_code", "That two-factor code is not right.");
  }
}
