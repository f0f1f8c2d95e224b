// POST /account/2fa/setup, /verify and /disable (docs/email-and-two-factor.md, docs/api.md).
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { accounts, recoveryCodes, twoFactorSecrets } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { newId } from "@/server/ids";
import { decryptSecret, encryptSecret } from "@/server/security/encryption";
import { base32Encode, matchingStep, newTotpSecret, provisioningUri } from "@/server/security/totp";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";
import { requireFreshSession } from "@/server/services/auth/require-fresh-session";
import type { ClientInfo } from "@/shared/api/client-info";
import { assertSecondFactorUnlocked, recoveryCodeHash, requireCodeOrFreshSession, totpAad } from "./second-factor";

const ISSUER = "Customer Email Service";
const RECOVERY_CODE_COUNT = 10;

/** Ten codes like `k7q2m-9xw4d`: 50 random bits each, easy to type. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

export async function startTwoFactorSetup(auth: AuthContext) {
  if (auth.account.twoFactorEnabled) throw new AppError("already_enabled", "Two-factor authentication is already on.");
  requireFreshSession(auth);
  const secret = newTotpSecret();
  const sealed = encryptSecret(secret, totpAad(auth.accountId));
  // Every setup replaces the pending secret: only the newest one can be confirmed.
  await db()
    .insert(twoFactorSecrets)
    .values({ accountId: auth.accountId, pendingSecretSealed: sealed, pendingCreatedAt: now() })
    .onConflictDoUpdate({ target: twoFactorSecrets.accountId, set: { pendingSecretSealed: sealed, pendingCreatedAt: now() } });
  return { provisioningUri: provisioningUri(secret, auth.account.email, ISSUER), secret };
}

export async function confirmTwoFactor(auth: AuthContext, code: string, client: ClientInfo) {
  if (auth.account.twoFactorEnabled) throw new AppError("already_enabled", "Two-factor authentication is already on.");
  const [state] = await db().select().from(twoFactorSecrets).where(eq(twoFactorSecrets.accountId, auth.accountId)).limit(1);
  if (!state?.pendingSecretSealed) throw new AppError("no_pending_setup", "Start two-factor setup first.");
  await assertSecondFactorUnlocked(auth.accountId);
  const step = matchingStep(decryptSecret(state.pendingSecretSealed, totpAad(auth.accountId)), code.trim(), now());
  if (step === null)
    throw new AppError("invalid_two_factor_code", "That code does not match. Check your authenticator app's time and try the newest code.");
  const codes = newRecoveryCodes();
  await db().transaction(async (tx) => {
    await tx
      .update(twoFactorSecrets)
      .set({
        secretSealed: state.pendingSecretSealed,
        pendingSecretSealed: null,
        pendingCreatedAt: null,
        lastAcceptedStep: step,
        enabledAt: now(),
      })
      .where(eq(twoFactorSecrets.accountId, auth.accountId));
    await tx.update(accounts).set({ twoFactorEnabled: true, updatedAt: now() }).where(eq(accounts.id, auth.accountId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, auth.accountId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((recovery) => ({ id: newId("rec"), accountId: auth.accountId, codeHash: recoveryCodeHash(recovery) })));
    await recordActivity(
      {
        accountId: auth.accountId,
        type: "security.2fa_enabled",
        description: "Two-factor authentication turned on",
        ip: client.ip,
        userAgent: client.userAgent,
      },
      tx,
    );
  });
  return { recoveryCodes: codes };
}

/** Needs a fresh session or a valid code (a wrong code is 401, no code on a stale session 403). */
export async function disableTwoFactor(auth: AuthContext, code: string | undefined, client: ClientInfo) {
  if (!auth.account.twoFactorEnabled) throw new AppError("not_enabled", "Two-factor authentication is not on.");
  await requireCodeOrFreshSession(auth, code, client);
  await db().transaction(async (tx) => {
    await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.accountId, auth.accountId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, auth.accountId));
    await tx.update(accounts).set({ twoFactorEnabled: false, updatedAt: now() }).where(eq(accounts.id, auth.accountId));
    await recordActivity(
      {
        accountId: auth.accountId,
        type: "security.2fa_disabled",
        description: "Two-factor authentication turned off",
        ip: client.ip,
        userAgent: client.userAgent,
      },
      tx,
    );
  });
}
