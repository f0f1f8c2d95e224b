// GET /auth/sessions: the account's live sessions, most recently used first.
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { now } from "@/server/clock";
import { hotQuery } from "@/server/db/prepared";
import { sessions } from "@/server/db/schema";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";
import { isSessionAlive } from "@/server/services/auth/session-rules";

const unendedSessions = hotQuery("list_sessions", (executor) =>
  executor
    .select()
    .from(sessions)
    .where(
      and(eq(sessions.accountId, sql.placeholder("accountId")), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder("at"))),
    )
    .orderBy(desc(sessions.lastActiveAt)),
);

export async function listSessions(auth: AuthContext) {
  const at = now();
  const rows = await unendedSessions().execute({ accountId: auth.accountId, at: at.toISOString() });
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
