// Bearer authentication for API requests: a valid access token whose session
// is still alive. Revocation and idle expiry therefore apply on the very next
// request, not when the token expires.
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { verifyAccessToken } from "@/server/auth/access-token";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { hotQuery } from "@/server/db/prepared";
import { accountMembers, accounts, sessions } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import type { Role } from "@/shared/api/access";
import { hitCte, hitParameters, type RateLimitState, stateAfterHit } from "@/server/services/rate-limit/consume-rate-limit";
import type { RateLimitPolicy } from "@/server/services/rate-limit/policies";
import { ACTIVITY_WRITE_INTERVAL_MS, isSessionAlive } from "./session-rules";

export type AuthContext = {
  /** The account the operation is on: the one the session acts in, or for a personal operation the person's own. */
  accountId: string;
  /** The signed-in person's role in that account (shared/api/access.ts). */
  role: Role;
  /** The signed-in person, who acts in the account (docs/teams.md). */
  actor: { id: string; email: string };
  sessionId: string;
  account: typeof accounts.$inferSelect;
  /** The signed-in person's own account, where their sign-in (password, two-factor, sessions) lives. */
  person: typeof accounts.$inferSelect;
  /** The account the session acts in and the person's role there, whatever the operation. */
  acting: { account: typeof accounts.$inferSelect; role: Role };
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

// The account a session acts in, and the person's membership there (none when it is their own).
const actingAccounts = alias(accounts, "acting_account");
const actingIn = sql`coalesce(${sessions.actingAccountId}, ${sessions.accountId})`;
const membership = and(eq(accountMembers.accountId, sessions.actingAccountId), eq(accountMembers.memberAccountId, sessions.accountId));
const lookedUp = { session: sessions, person: accounts, acting: actingAccounts, memberRole: accountMembers.role };

// Every authenticated request runs one of these: the session, the person, the
// account acted in and the role there, in one round trip.
const sessionLookup = hotQuery("auth_session_lookup", (executor) =>
  executor
    .select(lookedUp)
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .innerJoin(actingAccounts, eq(actingAccounts.id, actingIn))
    .leftJoin(accountMembers, membership)
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
    .select({ ...lookedUp, hitCount: hit.count, hitExpiresAt: hit.expiresAt })
    .from(hit)
    .leftJoin(sessions, eq(sessions.id, sql.placeholder("sessionId")))
    .leftJoin(accounts, eq(accounts.id, sessions.accountId))
    .leftJoin(actingAccounts, eq(actingAccounts.id, actingIn))
    .leftJoin(accountMembers, membership);
});

type Account = typeof accounts.$inferSelect;
type SessionRow = {
  session: typeof sessions.$inferSelect | null;
  person: Account | null;
  acting: Account | null;
  memberRole: Exclude<Role, "owner"> | null;
};

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

/** The person's role where the session acts: owner of their own account, else their membership's (none: removed). */
function roleOf(row: SessionRow): Role | null {
  if (!row.session?.actingAccountId) return "owner";
  return row.memberRole;
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
  const role = row ? roleOf(row) : null;
  if (
    !row?.session ||
    !row.person ||
    !row.acting ||
    !role ||
    row.person.id !== claims.accountId ||
    !isSessionAlive(row.session, row.person, at)
  ) {
    throw endedSession();
  }
  if (at.getTime() - row.session.lastActiveAt.getTime() > ACTIVITY_WRITE_INTERVAL_MS) {
    await db().update(sessions).set({ lastActiveAt: at }).where(eq(sessions.id, row.session.id));
  }
  return {
    accountId: row.acting.id,
    role,
    actor: { id: row.person.id, email: row.person.email },
    sessionId: row.session.id,
    account: row.acting,
    person: row.person,
    acting: { account: row.acting, role },
    session: row.session,
    accessTokenExpiresAt: claims.expiresAt,
    rateLimit: hit,
  };
}

/** The context of a personal operation: it is on the signed-in person's own account, whichever account they act in. */
export function asPerson(auth: AuthContext): AuthContext {
  return { ...auth, accountId: auth.person.id, account: auth.person, role: "owner" };
}
