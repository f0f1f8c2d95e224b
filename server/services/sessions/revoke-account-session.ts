// DELETE /auth/sessions/{session_id}: one of the caller's own live sessions
// (the current one too: that is a sign-out). Anything else is 404.
import { and, eq, isNull } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { sessions } from "@/server/db/schema";
import { notFound } from "@/server/errors";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";
import { isSessionAlive } from "@/server/services/auth/session-rules";
import { revokeSession } from "@/server/services/auth/sign-out";
import type { ClientInfo } from "@/shared/api/client-info";

export async function revokeAccountSession(auth: AuthContext, sessionId: string, client: ClientInfo): Promise<void> {
  const [session] = await db()
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.accountId, auth.accountId), isNull(sessions.revokedAt)))
    .limit(1);
  if (!session || !isSessionAlive(session, auth.account, now())) throw notFound("Session");
  const revoked = await revokeSession(session.id, session.id === auth.sessionId ? "logout" : "revoked", client);
  if (!revoked) throw notFound("Session");
}
