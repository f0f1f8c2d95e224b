// Fixed-window counters in PostgreSQL, shared by every instance. One atomic
// upsert per hit: the first hit of a window resets the count. Every limit
// counts first and decides on the count the upsert returned, so concurrent
// requests can never all see "one left" (see docs/security.md). Attempts
// that turn out not to be failures (a right password) are taken back.
import { sql } from "drizzle-orm";
import { now } from "@/server/clock";
import { db, type Executor } from "@/server/db/client";
import { rateLimitBuckets } from "@/server/db/schema";
import { hotQuery } from "@/server/db/prepared";
import { AppError } from "@/server/errors";
import type { RateLimitPolicy } from "./policies";

export type RateLimitState = { count: number; retryAfterSeconds: number; limited: boolean; windowEnd: Date };

const bucketKey = (policy: RateLimitPolicy, subject: string) => `${policy.name}:${subject}`;

/**
 * The upsert that counts one hit, as a CTE named `hit` yielding the new count
 * and the window's end. Its values are placeholders (`rateLimitKey`,
 * `rateLimitAt`, `rateLimitWindowEnd`; see hitParameters), so a statement
 * that does other work in the same round trip can include it and still be
 * prepared once. A window opens at a subject's first hit.
 */
export function hitCte() {
  const at = sql.placeholder("rateLimitAt");
  return db()
    .$with("hit", {
      // Names of their own: a statement joining other tables may have its own `count` or `expires_at`.
      count: sql<number>`hit_count`.mapWith(Number).as("hit_count"),
      expiresAt: sql<Date>`hit_window_end`.mapWith(rateLimitBuckets.expiresAt).as("hit_window_end"),
    })
    .as(sql`
      insert into rate_limit_buckets as bucket (key, window_start, count, expires_at)
      values (${sql.placeholder("rateLimitKey")}, ${at}, 1, ${sql.placeholder("rateLimitWindowEnd")})
      on conflict (key) do update set
        count = case when bucket.expires_at > ${at} then bucket.count + 1 else 1 end,
        window_start = case when bucket.expires_at > ${at} then bucket.window_start else excluded.window_start end,
        expires_at = case when bucket.expires_at > ${at} then bucket.expires_at else excluded.expires_at end
      returning count as hit_count, expires_at as hit_window_end`);
}

/** The values for hitCte's placeholders: one hit by `subject` now. */
export function hitParameters(policy: RateLimitPolicy, subject: string, at: Date) {
  return {
    rateLimitKey: bucketKey(policy, subject),
    rateLimitAt: at.toISOString(),
    rateLimitWindowEnd: new Date(at.getTime() + policy.windowSeconds * 1000).toISOString(),
  };
}

function stateOf(count: number, windowEnd: Date, at: Date, limited: boolean): RateLimitState {
  return { count, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd.getTime() - at.getTime()) / 1000)), limited, windowEnd };
}

/** The state after a hit counted through hitCte. */
export function stateAfterHit(policy: RateLimitPolicy, hit: { count: number; expiresAt: Date }, at: Date): RateLimitState {
  return stateOf(hit.count, hit.expiresAt, at, hit.count > policy.limit);
}

const countHit = hotQuery("rate_limit_hit", (executor) => {
  const hit = hitCte();
  return executor.with(hit).select({ count: hit.count, expiresAt: hit.expiresAt }).from(hit);
});

/** Counts one hit and tells whether the subject is now over the limit. */
export async function hitRateLimit(policy: RateLimitPolicy, subject: string): Promise<RateLimitState> {
  const at = now();
  const [hit] = await countHit().execute(hitParameters(policy, subject, at));
  return stateAfterHit(policy, hit!, at);
}

export type RateLimitCheck = { policy: RateLimitPolicy; subject: string };

/**
 * Counts one hit for each check in one statement (the subjects' keys must
 * differ), and gives each state in the checks' order.
 */
export async function hitRateLimits(checks: RateLimitCheck[], tx: Executor = db()): Promise<RateLimitState[]> {
  const at = now();
  const rows = checks.map(({ policy, subject }) => {
    const end = new Date(at.getTime() + policy.windowSeconds * 1000).toISOString();
    return sql`(${bucketKey(policy, subject)}, ${at.toISOString()}::timestamptz, 1, ${end}::timestamptz)`;
  });
  const result = await tx.execute<{ key: string; count: number; expires_at: string | Date }>(sql`
    insert into rate_limit_buckets as bucket (key, window_start, count, expires_at)
    values ${sql.join(rows, sql`, `)}
    on conflict (key) do update set
      count = case when bucket.expires_at > excluded.window_start then bucket.count + 1 else 1 end,
      window_start = case when bucket.expires_at > excluded.window_start then bucket.window_start else excluded.window_start end,
      expires_at = case when bucket.expires_at > excluded.window_start then bucket.expires_at else excluded.expires_at end
    returning key, count, expires_at`);
  const byKey = new Map(result.rows.map((row) => [row.key, row]));
  return checks.map((check) => {
    const row = byKey.get(bucketKey(check.policy, check.subject))!;
    const count = Number(row.count);
    return stateOf(count, new Date(row.expires_at), at, count > check.policy.limit);
  });
}

/**
 * Takes back hits counted by hitRateLimits for an attempt that turned out not
 * to be a failure, in the window they were counted in (a window that has
 * since started again is left alone).
 */
export async function refundRateLimits(checks: RateLimitCheck[], states: RateLimitState[], tx: Executor = db()): Promise<void> {
  const pairs = checks.map(
    (check, index) => sql`(${bucketKey(check.policy, check.subject)}, ${states[index]!.windowEnd.toISOString()}::timestamptz)`,
  );
  await tx.execute(sql`
    update rate_limit_buckets as bucket set count = greatest(bucket.count - 1, 0)
    from (values ${sql.join(pairs, sql`, `)}) as refund(key, window_end)
    where bucket.key = refund.key and bucket.expires_at = refund.window_end`);
}

/** Reads current counts without adding hits (for a lockout that other failures open). */
export async function peekRateLimits(checks: RateLimitCheck[], tx: Executor = db()): Promise<RateLimitState[]> {
  const at = now();
  const keys = checks.map((check) => bucketKey(check.policy, check.subject));
  const result = await tx.execute<{ key: string; count: number; expires_at: string | Date }>(sql`
    select key, count, expires_at from rate_limit_buckets
    where key in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )}) and expires_at > ${at.toISOString()}`);
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
