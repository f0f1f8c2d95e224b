// The places open event streams and waiting long polls take in
// `feed_connections` (docs/events.md, "Limits"): counted in PostgreSQL, so
// every instance sees the same number, and leased, so the places of an
// instance that stopped without giving them back free themselves.
import { sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { executeHot } from "@/server/db/prepared";
import { env } from "@/server/config/env";
import { AppError } from "@/server/errors";
import { newId } from "@/server/ids";
import { type FeedCredential, credentialKeyOf } from "./check-feed-credential";

/** A place is renewed every EVENT_FEED_RECHECK_SECONDS (at most 30); this long without renewal, it no longer counts. */
const FEED_LEASE_SECONDS = 60;
/** The limits free a place when a connection closes, which nobody can time: a short wait, as the long-poll consumers do after a 429. */
const RETRY_AFTER_SECONDS = 5;

type FeedLimits = { perCredential: number; perAccount: number };

function feedLimits(): FeedLimits {
  return { perCredential: env().EVENT_FEED_CONNECTIONS_PER_CREDENTIAL, perAccount: env().EVENT_FEED_CONNECTIONS_PER_ACCOUNT };
}

function overLimit(refused: "credential" | "account", limits: FeedLimits): AppError {
  const [max, name, message] =
    refused === "credential"
      ? [
          limits.perCredential,
          "feed_connections_per_credential",
          `At most ${limits.perCredential} event streams and waiting long polls may be open at once per session or API key; close one first.`,
        ]
      : [
          limits.perAccount,
          "feed_connections_per_account",
          `At most ${limits.perAccount} event streams and waiting long polls may be open at once per account (all its sessions and API keys together); close one first.`,
        ];
  return new AppError("rate_limited", message, {
    headers: { "retry-after": String(RETRY_AFTER_SECONDS) },
    data: { retryAfterSeconds: RETRY_AFTER_SECONDS, limit: name, max },
  });
}

/** Takes a place for one connection and gives its id, or throws 429 `rate_limited` naming the limit it would pass. One statement. */
export async function takeFeedSlot(credential: FeedCredential, limits: FeedLimits = feedLimits()): Promise<string> {
  const id = newId("fcn");
  const { rows } = await executeHot<{ refused: "credential" | "account" | null }>(
    db(),
    "feed_slot_take",
    sql`select acquire_feed_connection(${id}, ${credential.accountId}, ${credentialKeyOf(credential)},
          ${FEED_LEASE_SECONDS}::integer, ${limits.perCredential}::integer, ${limits.perAccount}::integer) as refused`,
  );
  const refused = rows[0]?.refused;
  if (refused) throw overLimit(refused, limits);
  return id;
}

export async function releaseFeedSlot(id: string): Promise<void> {
  await executeHot(db(), "feed_slot_release", sql`delete from feed_connections where id = ${id}`);
}

/**
 * Renews the places of `ids` and gives back those still held (a place the
 * account's deletion or a database restart removed is not). Places whose
 * lease ran out, of any instance, are removed on the way.
 */
export async function renewFeedSlots(ids: string[]): Promise<Set<string>> {
  // One array parameter (drizzle would spread a bare array into a list).
  const held = sql.param(ids);
  const { rows } = await executeHot<{ id: string }>(
    db(),
    "feed_slot_renew",
    sql`with renewed as (
          update feed_connections set lease_until = now() + make_interval(secs => ${FEED_LEASE_SECONDS}::integer)
           where id = any(${held}::text[]) returning id),
        expired as (delete from feed_connections where lease_until < now() and not (id = any(${held}::text[])))
        select id from renewed`,
  );
  return new Set(rows.map((row) => row.id));
}
