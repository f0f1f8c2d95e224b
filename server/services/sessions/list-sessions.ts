// GET /auth/sessions: the account's live sessions, most recently used first.
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { sessions } from "@/server/db/schema";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";
import { isSessionAlive } from "@/server/services/auth/session-rules";

export async function listSessions(auth: AuthContext) {
  const at = now();
  const rows = await db()
    .select()
    .from(sessions)
    .where(and(eq(sessions.accountId, auth.accountId), isNull(sessions.revokedAt), gt(sessions.expiresAt, at)))
    .orderBy(desc(sessions.lastActiveAt));
  return rows
    .filter((session) => isSessionAlive(session, auth.account, at))
    .map((session) => ({
      session_id: session.id,
      isCurrent: session.id === auth.sessionId,
      createdAt: session.createdAt.toISOString(),
      lastActiveAt: session.lastActiveAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
      signInMethod: session.signInMethod,
    }));
}
