// Fixed-window counters in PostgreSQL, shared by every instance. One atomic
// upsert per hit: the first hit of a window resets the count.
import { sql } from "drizzle-orm";
import { now } from "@/server/clock";
import { db, type Executor, pool } from "@/server/db/client";
import { statementName } from "@/server/db/prepared";
import { AppError } from "@/server/http/errors";
import type { RateLimitPolicy } from "./policies";

export type RateLimitState = { count: number; retryAfterSeconds: number; limited: boolean };

const bucketKey = (policy: RateLimitPolicy, subject: string) => `${policy.name}:${subject}`;

// $1 key, $2 now, $3 now + window. A window opens at a subject's first hit.
const HIT_SQL = `
  insert into rate_limit_buckets as bucket (key, window_start, count, expires_at)
  values ($1, $2, 1, $3)
  on conflict (key) do update set
    count = case when bucket.expires_at > $2 then bucket.count + 1 else 1 end,
    window_start = case when bucket.expires_at > $2 then bucket.window_start else excluded.window_start end,
    expires_at = case when bucket.expires_at > $2 then bucket.expires_at else excluded.expires_at end
  returning count, expires_at`;

function stateOf(count: number, windowEnd: Date, at: Date, limited: boolean): RateLimitState {
  return { count, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd.getTime() - at.getTime()) / 1000)), limited };
}

/**
 * Counts one hit and tells whether the subject is now over the limit. A
 * window opens at a subject's first hit and lasts the policy's length.
 */
export async function hitRateLimit(policy: RateLimitPolicy, subject: string): Promise<RateLimitState> {
  const at = now();
  const fresh = new Date(at.getTime() + policy.windowSeconds * 1000);
  // Runs on every API request: a plain (named) statement rather than one built per call.
  const result = await pool().query<{ count: number; expires_at: string | Date }>({
    name: statementName("rate_limit_hit"),
    text: HIT_SQL,
    values: [bucketKey(policy, subject), at.toISOString(), fresh.toISOString()],
  });
  const row = result.rows[0]!;
  const count = Number(row.count);
  return stateOf(count, new Date(row.expires_at), at, count > policy.limit);
}

/**
 * Reads current counts without adding hits (for limits on failures), for
 * several policy/subject pairs in one query. "Limited" here means the next
 * failure would be over the limit.
 */
export async function peekRateLimits(
  checks: { policy: RateLimitPolicy; subject: string }[],
  tx: Executor = db(),
): Promise<RateLimitState[]> {
  const at = now();
  const keys = checks.map((check) => bucketKey(check.policy, check.subject));
  const result = await tx.execute<{ key: string; count: number; expires_at: string | Date }>(sql`
    select key, count, expires_at from rate_limit_buckets
    where key in (${sql.join(keys.map((key) => sql`${key}`), sql`, `)}) and expires_at > ${at.toISOString()}`);
  const byKey = new Map(result.rows.map((row) => [row.key, row]));
  return checks.map((check, index) => {
    const row = byKey.get(keys[index]!);
    if (!row) return stateOf(0, at, at, false);
    const count = Number(row.count);
    return stateOf(count, new Date(row.expires_at), at, count >= check.policy.limit);
  });
}

export function rateLimitedError(state: RateLimitState, message = "Too many requests. Please wait before trying again."): AppError {
  return new AppError("rate_limited", message, {
    headers: { "retry-after": String(state.retryAfterSeconds) },
    data: { retryAfterSeconds: state.retryAfterSeconds },
  });
}

/** Counts a hit and throws 429 when over the limit. */
export async function enforceRateLimit(policy: RateLimitPolicy, subject: string): Promise<void> {
  const state = await hitRateLimit(policy, subject);
  if (state.limited) throw rateLimitedError(state);
}
