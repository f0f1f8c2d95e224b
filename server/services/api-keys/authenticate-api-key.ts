// API-key authentication for the sending endpoints. A key is a credential
// only there (docs/sending-api.md): elsewhere the route wrapper refuses it before
// this runs. Revocation, expiry and a scheduled account deletion apply on the
// very next request.
import { and, eq, isNull, sql } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { hotQuery } from "@/server/db/prepared";
import { accounts, apiKeys } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { apiKeySecretHash } from "@/server/security/api-key-secret";
import { ACTIVITY_WRITE_INTERVAL_MS } from "@/server/services/auth/session-rules";
import { hitCte, hitParameters, type RateLimitState, stateAfterHit } from "@/server/services/rate-limit/consume-rate-limit";
import type { RateLimitPolicy } from "@/server/services/rate-limit/policies";
import type { ApiKeyScope } from "@/shared/schemas/api-keys";

export type ApiKeyGrant = { id: string; scope: ApiKeyScope; domainId: string | null };

const keyLookup = hotQuery("api_key_lookup", (executor) =>
  executor
    .select({ key: apiKeys, account: accounts })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(and(eq(apiKeys.secretHash, sql.placeholder("hash")), isNull(apiKeys.revokedAt)))
    .limit(1),
);

// The same lookup plus one hit on a rate limit, in a single round trip, as for sessions
// (authenticate-bearer.ts): the hit is counted whatever the lookup finds.
const countedKeyLookup = hotQuery("api_key_lookup_counted", (executor) => {
  const hit = hitCte();
  return executor
    .with(hit)
    .select({ key: apiKeys, account: accounts, hitCount: hit.count, hitExpiresAt: hit.expiresAt })
    .from(hit)
    .leftJoin(apiKeys, and(eq(apiKeys.secretHash, sql.placeholder("hash")), isNull(apiKeys.revokedAt)))
    .leftJoin(accounts, eq(accounts.id, apiKeys.accountId));
});

/** The subject an API key's requests are counted under: its secret's hash, known before the lookup. */
const keySubject = (secretHash: string) => `key:${secretHash}`;

type KeyRow = {
  key: typeof apiKeys.$inferSelect | null;
  account: typeof accounts.$inferSelect | null;
  rateLimit?: RateLimitState;
};

async function findKey(hash: string, at: Date, limit: RateLimitPolicy | undefined): Promise<KeyRow> {
  if (!limit) {
    const [row] = await keyLookup().execute({ hash });
    return { key: row?.key ?? null, account: row?.account ?? null };
  }
  const [row] = await countedKeyLookup().execute({ hash, ...hitParameters(limit, keySubject(hash), at) });
  return {
    key: row!.key,
    account: row!.account,
    rateLimit: stateAfterHit(limit, { count: row!.hitCount, expiresAt: row!.hitExpiresAt }, at),
  };
}

type KeyRules = {
  key: Pick<typeof apiKeys.$inferSelect, "revokedAt" | "expiresAt"> | null;
  account: Pick<typeof accounts.$inferSelect, "deletionScheduledFor"> | null;
};

/** Whether a key works at `at`: not revoked or expired, and its account not scheduled for deletion. */
export function isApiKeyUsable({ key, account }: KeyRules, at: Date): boolean {
  return Boolean(key && account && !key.revokedAt && !(key.expiresAt && key.expiresAt <= at) && !account.deletionScheduledFor);
}

export const unusableApiKey = () => new AppError("unauthorized", "The API key is invalid, revoked or expired.");

/**
 * The key's grant, or 401. With `limit`, the request is also counted against
 * that policy for the key in the same statement; the caller gets the count
 * back in `rateLimit` and decides on 429 after 401.
 */
export async function authenticateApiKey(secret: string, limit?: RateLimitPolicy) {
  const at = now();
  // The lookup is by hash: nothing secret-dependent is compared in JavaScript.
  const row = await findKey(apiKeySecretHash(secret), at, limit);
  if (!row.key || !row.account || !isApiKeyUsable(row, at)) throw unusableApiKey();
  if (!row.key.lastUsedAt || at.getTime() - row.key.lastUsedAt.getTime() > ACTIVITY_WRITE_INTERVAL_MS) {
    await db().update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, row.key.id));
  }
  const grant: ApiKeyGrant = { id: row.key.id, scope: row.key.scope as ApiKeyScope, domainId: row.key.domainId };
  return {
    accountId: row.account.id,
    account: row.account,
    apiKey: grant,
    credentialExpiresAt: row.key.expiresAt,
    rateLimit: row.rateLimit,
  };
}

/**
 * 403 step: a `sending` key cannot do what needs `full`, nor can a key restricted to one domain.
 * An `events:read` key reads the event feed and nothing else; the feed takes `full` keys too (docs/events.md).
 */
export function assertScope(grant: ApiKeyGrant | null, needed: ApiKeyScope): void {
  if (!grant) return;
  if (grant.scope === "events:read" && needed !== "events:read")
    throw new AppError("forbidden", "This API key has the `events:read` scope; it can only read the event feed.");
  if (needed === "sending") return;
  if (needed === "events:read" && grant.scope === "sending")
    throw new AppError("forbidden", "Reading the event feed needs an API key with the `events:read` or `full` scope.");
  if (needed === "events:read" && grant.domainId)
    throw new AppError("forbidden", "A key restricted to one domain cannot read the account's event feed.");
  if (needed === "events:read") return;
  if (grant.scope !== "full") throw new AppError("forbidden", "This API key has the `sending` scope; this operation needs a `full` key.");
  if (grant.domainId) throw new AppError("forbidden", "A key restricted to one domain can only send and read that domain's messages.");
}
