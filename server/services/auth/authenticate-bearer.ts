// Bearer authentication for API requests: a valid access token whose session
// is still alive. Revocation and idle expiry therefore apply on the very next
// request, not when the token expires.
import { eq, sql } from "drizzle-orm";
import { verifyAccessToken } from "@/server/auth/access-token";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { hotQuery } from "@/server/db/prepared";
import { accounts, sessions } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import type { Role } from "@/shared/api/access";
import { hitCte, hitParameters, type RateLimitState, stateAfterHit } from "@/server/services/rate-limit/consume-rate-limit";
import type { RateLimitPolicy } from "@/server/services/rate-limit/policies";
import { ACTIVITY_WRITE_INTERVAL_MS, isSessionAlive } from "./session-rules";

export type AuthContext = {
  accountId: string;
  /** The signed-in person's role in the account the session acts in (shared/api/access.ts). */
  role: Role;
  /** The signed-in person, who acts in the account (docs/teams.md). */
  actor: { id: string; email: string };
  sessionId: string;
  account: typeof accounts.$inferSelect;
  session: typeof sessions.$inferSelect;
  /** When the access token presented stops being valid (an event stream opened with it ends then). */
  accessTokenExpiresAt: Date;
};

const unauthorized = (message = "Missing or invalid access token.") => new AppError("unauthorized", message);
export const expiredAccessToken = () => unauthorized("The access token is invalid or expired.");
export const endedSession = () => unauthorized("The session has ended. Please sign in again.");

export function bearerTokenOf(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i.exec(header.trim());
  if (!match) throw unauthorized("The Authorization header must be `Bearer <access token>`.");
  return match[1]!;
}

// Every authenticated request runs one of these.
const sessionLookup = hotQuery("auth_session_lookup", (executor) =>
  executor
    .select({ session: sessions, account: accounts })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(eq(sessions.id, sql.placeholder("sessionId")))
    .limit(1),
);

// The same lookup plus one hit on a rate limit, in a single round trip: a
// data-modifying CTE runs exactly once whatever the outer select finds, so a
// dead session's request is still counted.
const countedSessionLookup = hotQuery("auth_session_lookup_counted", (executor) => {
  const hit = hitCte();
  return executor
    .with(hit)
    .select({ session: sessions, account: accounts, hitCount: hit.count, hitExpiresAt: hit.expiresAt })
    .from(hit)
    .leftJoin(sessions, eq(sessions.id, sql.placeholder("sessionId")))
    .leftJoin(accounts, eq(accounts.id, sessions.accountId));
});

type SessionRow = { session: typeof sessions.$inferSelect | null; account: typeof accounts.$inferSelect | null };

async function findSession(
  sessionId: string,
  at: Date,
  limit: RateLimitPolicy | undefined,
): Promise<{ row: SessionRow | undefined; hit?: RateLimitState }> {
  if (!limit) {
    const [row] = await sessionLookup().execute({ sessionId });
    return { row };
  }
  const [row] = await countedSessionLookup().execute({ sessionId, ...hitParameters(limit, sessionSubject(sessionId), at) });
  return { row, hit: stateAfterHit(limit, { count: row!.hitCount, expiresAt: row!.hitExpiresAt }, at) };
}

/** The subject a session's requests are counted under. */
export const sessionSubject = (sessionId: string) => `session:${sessionId}`;

/**
 * A live session for the token, or 401. With `limit`, the request is also
 * counted against that policy for the session in the same statement; the
 * caller gets the count back in `rateLimit` and decides on 429 after 401.
 */
export async function authenticateToken(token: string, limit?: RateLimitPolicy): Promise<AuthContext & { rateLimit?: RateLimitState }> {
  const claims = verifyAccessToken(token);
  if (!claims) throw expiredAccessToken();
  const at = now();
  const { row, hit } = await findSession(claims.sessionId, at, limit);
  if (!row?.session || !row.account || row.account.id !== claims.accountId || !isSessionAlive(row.session, row.account, at)) {
    throw endedSession();
  }
  if (at.getTime() - row.session.lastActiveAt.getTime() > ACTIVITY_WRITE_INTERVAL_MS) {
    await db().update(sessions).set({ lastActiveAt: at }).where(eq(sessions.id, row.session.id));
  }
  return {
    accountId: row.account.id,
    // A session acts in its own person's account, whose owner that person is.
    role: "owner",
    actor: { id: row.account.id, email: row.account.email },
    sessionId: row.session.id,
    account: row.account,
    session: row.session,
    accessTokenExpiresAt: claims.expiresAt,
    rateLimit: hit,
  };
}
