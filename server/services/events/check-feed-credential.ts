// Whether the credential an event stream or waiting long poll was opened with
// still works, by the rules every request is held to (session-rules.ts,
// isApiKeyUsable). A stream outlives the request that authenticated it, so it
// asks again before each batch and while idle (docs/events.md, "Limits").
import { eq, sql } from "drizzle-orm";
import { now } from "@/server/clock";
import { hotQuery } from "@/server/db/prepared";
import { accounts, apiKeys, sessions } from "@/server/db/schema";
import type { AppError } from "@/server/errors";
import { isApiKeyUsable, unusableApiKey } from "@/server/services/api-keys/authenticate-api-key";
import { endedSession } from "@/server/services/auth/authenticate-bearer";
import { isSessionAlive } from "@/server/services/auth/session-rules";
import { credentialNotices } from "./feed-watcher";

/** Who reads: the account, and the session or the API key the connection was opened with (exactly one of them). */
export type FeedCredential = { accountId: string; sessionId: string | null; apiKeyId: string | null };

/** The credential as one value: what the per-credential limit counts. */
export const credentialKeyOf = ({ sessionId, apiKeyId }: FeedCredential) => (sessionId ? `session:${sessionId}` : `key:${apiKeyId}`);

const sessionStates = hotQuery("feed_session_states", (executor) =>
  executor
    .select({
      id: sessions.id,
      // The account the session acts in (a team's, for a member): the one the feed reads.
      accountId: sql<string>`coalesce(${sessions.actingAccountId}, ${sessions.accountId})`,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      lastActiveAt: sessions.lastActiveAt,
      sessionTimeoutMinutes: accounts.sessionTimeoutMinutes,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(sql`${sessions.id} = any(${sql.placeholder("ids")})`),
);

const keyStates = hotQuery("feed_key_states", (executor) =>
  executor
    .select({
      id: apiKeys.id,
      accountId: apiKeys.accountId,
      revokedAt: apiKeys.revokedAt,
      expiresAt: apiKeys.expiresAt,
      deletionScheduledFor: accounts.deletionScheduledFor,
    })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(sql`${apiKeys.id} = any(${sql.placeholder("ids")})`),
);

/** For each credential, in order: null while it works, else the 401 a request with it would get now. Two queries at most. */
export async function checkFeedCredentials(credentials: FeedCredential[]): Promise<(AppError | null)[]> {
  const sessionIds = [...new Set(credentials.flatMap((credential) => (credential.sessionId ? [credential.sessionId] : [])))];
  const keyIds = [...new Set(credentials.flatMap((credential) => (credential.apiKeyId ? [credential.apiKeyId] : [])))];
  const [sessionRows, keyRows] = await Promise.all([
    sessionIds.length > 0 ? sessionStates().execute({ ids: sessionIds }) : [],
    keyIds.length > 0 ? keyStates().execute({ ids: keyIds }) : [],
  ]);
  const at = now();
  const liveSessions = new Set(
    sessionRows
      .filter((row) => isSessionAlive(row, { sessionTimeoutMinutes: row.sessionTimeoutMinutes }, at))
      .map((row) => `${row.accountId}|${row.id}`),
  );
  const liveKeys = new Set(
    keyRows
      .filter((row) => isApiKeyUsable({ key: row, account: { deletionScheduledFor: row.deletionScheduledFor } }, at))
      .map((row) => `${row.accountId}|${row.id}`),
  );
  return credentials.map(({ accountId, sessionId, apiKeyId }) => {
    if (sessionId) return liveSessions.has(`${accountId}|${sessionId}`) ? null : endedSession();
    return apiKeyId && liveKeys.has(`${accountId}|${apiKeyId}`) ? null : unusableApiKey();
  });
}

const inFlight = new Map<string, Promise<AppError | null>>();

/**
 * One credential's check. Connections of the same credential that ask at
 * the same time (a new event wakes them together) share one query, but never
 * one that started before the latest credential notification: that one may
 * have read the session or key before it was revoked.
 */
export function checkFeedCredential(credential: FeedCredential): Promise<AppError | null> {
  const key = `${credentialNotices()}|${credential.accountId}|${credentialKeyOf(credential)}`;
  let check = inFlight.get(key);
  if (!check) {
    check = checkFeedCredentials([credential])
      .then(([verdict]) => verdict ?? null)
      .finally(() => inFlight.delete(key));
    inFlight.set(key, check);
  }
  return check;
}
