// POST /auth/sessions/revoke-all: every session but the current one.
import { and, eq, isNull, ne } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { sessions } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";
import type { ClientInfo } from "@/shared/api/client-info";

export async function revokeOtherSessions(auth: AuthContext, confirm: boolean | undefined, client: ClientInfo) {
  if (confirm === false) {
    throw new AppError("confirmation_required", "Send { \"confirm\": true } to sign out every other session.");
  }
  return db().transaction(async (tx) => {
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: now(), revokedReason: "revoked_all" })
      .where(and(eq(sessions.accountId, auth.accountId), ne(sessions.id, auth.sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await recordActivity(
      {
        accountId: auth.accountId,
        type: "session.revoked_all",
        description: `Signed out ${revoked.length} other session${revoked.length === 1 ? "" : "s"}`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { count: revoked.length },
      },
      tx,
    );
    return { revoked: revoked.length };
  });
}
