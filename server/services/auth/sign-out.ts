// POST /auth/logout: revokes the session the refresh token belongs to.
// Idempotent: an unknown or already revoked token still answers 200.
import { and, eq, isNull } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { refreshTokens, sessions } from "@/server/db/schema";
import { sha256Hex } from "@/server/security/crypto";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { ClientInfo } from "@/shared/api/client-info";

export async function signOut(refreshToken: string, client: ClientInfo): Promise<void> {
  const [token] = await db()
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256Hex(refreshToken)))
    .limit(1);
  if (!token) return;
  await revokeSession(token.sessionId, "logout", client);
}

/** Revokes one live session; false when it was not live. */
export async function revokeSession(sessionId: string, reason: "logout" | "revoked", client: ClientInfo): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [revoked] = await tx
      .update(sessions)
      .set({ revokedAt: now(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .returning({ accountId: sessions.accountId });
    if (!revoked) return false;
    await recordActivity(
      {
        accountId: revoked.accountId,
        type: reason === "logout" ? "auth.logout" : "session.revoked",
        description: reason === "logout" ? "Signed out" : "A session was signed out",
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { sessionId },
      },
      tx,
    );
    return true;
  });
}
