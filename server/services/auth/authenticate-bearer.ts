// Bearer authentication for API requests: a valid access token whose session
// is still alive. Revocation and idle expiry therefore apply on the very next
// request, not when the token expires.
import { eq, sql } from "drizzle-orm";
import { verifyAccessToken } from "@/server/auth/access-token";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { statementName } from "@/server/db/prepared";
import { accounts, sessions } from "@/server/db/schema";
import { AppError } from "@/server/http/errors";
import { ACTIVITY_WRITE_INTERVAL_MS, isSessionAlive } from "./session-rules";

export type AuthContext = {
  accountId: string;
  sessionId: string;
  account: typeof accounts.$inferSelect;
  session: typeof sessions.$inferSelect;
};

const unauthorized = (message = "Missing or invalid access token.") => new AppError("unauthorized", message);

export function bearerTokenOf(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i.exec(header.trim());
  if (!match) throw unauthorized("The Authorization header must be `Bearer <access token>`.");
  return match[1]!;
}

// Every authenticated request runs this: built once, not per request.
function buildSessionLookup() {
  return db()
    .select({ session: sessions, account: accounts })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(eq(sessions.id, sql.placeholder("sessionId")))
    .limit(1)
    .prepare(statementName("auth_session_lookup") as string);
}
let sessionLookup: ReturnType<typeof buildSessionLookup> | undefined;

export async function authenticateToken(token: string): Promise<AuthContext> {
  const claims = verifyAccessToken(token);
  if (!claims) throw unauthorized("The access token is invalid or expired.");
  sessionLookup ??= buildSessionLookup();
  const [row] = await sessionLookup.execute({ sessionId: claims.sessionId });
  const at = now();
  if (!row || row.account.id !== claims.accountId || !isSessionAlive(row.session, row.account, at)) {
    throw unauthorized("The session has ended. Please sign in again.");
  }
  if (at.getTime() - row.session.lastActiveAt.getTime() > ACTIVITY_WRITE_INTERVAL_MS) {
    await db().update(sessions).set({ lastActiveAt: at }).where(eq(sessions.id, row.session.id));
  }
  return { accountId: row.account.id, sessionId: row.session.id, account: row.account, session: row.session };
}
