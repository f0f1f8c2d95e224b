// POST /auth/reauthenticate: proves presence again (password, or a TOTP code
// when two-factor is on) and makes the current session fresh for 15 minutes,
// so sensitive actions work without signing out. Users who signed in with
// email or OAuth only and have no password use a code, or sign in again.
import { eq } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { sessions } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { verifyPassword } from "@/server/security/password";
import { recordActivity } from "@/server/services/activity/record-activity";
import { verifySecondFactor } from "@/server/services/two-factor/second-factor";
import type { AuthContext } from "./authenticate-bearer";
import type { ClientInfo } from "@/shared/api/client-info";

export async function reauthenticate(auth: AuthContext, proof: { password?: string; code?: string }, client: ClientInfo) {
  const proven =
    proof.password !== undefined
      ? await verifyPassword(auth.account.passwordHash, proof.password)
      : auth.account.twoFactorEnabled && (await verifySecondFactor(auth.accountId, proof.code!, client)) !== null;
  if (!proven) {
    throw proof.password !== undefined
      ? new AppError("invalid_credentials", "That password is not right.")
      : new AppError("invalid_two_factor_code", "That code is not right.");
  }
  const at = now();
  await db().update(sessions).set({ authenticatedAt: at }).where(eq(sessions.id, auth.sessionId));
  await recordActivity({
    accountId: auth.accountId,
    type: "auth.reauthenticated",
    description: "Confirmed identity for a sensitive change",
    ip: client.ip,
    userAgent: client.userAgent,
    metadata: { method: proof.password !== undefined ? "password" : "two_factor" },
  });
  return { freshUntil: new Date(at.getTime() + 15 * 60 * 1000).toISOString() };
}
