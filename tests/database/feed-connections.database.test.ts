// The places event streams and waiting long polls take (docs/events.md,
// "Limits"): acquire_feed_connection refuses past each limit even when
// acquirers race, a place whose lease ran out stops counting, and every
// open connection of a process re-checks its credential on a timer, so one
// whose session stopped working without any notification still ends.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db, pool } from "@/server/db/client";
import { sessions } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { newId } from "@/server/ids";
import type { SendingPrincipal } from "@/server/services/auth/sending-principal";
import type { FeedCredential } from "@/server/services/events/check-feed-credential";
import { openFeedConnection } from "@/server/services/events/open-feed-connection";
import { releaseFeedSlot, renewFeedSlots, takeFeedSlot } from "@/server/services/events/take-feed-slot";
import { until } from "../support/poll";
import { storedAccount } from "../support/stored-records";

// Read when the first connection opens: a second here instead of 15.
process.env.EVENT_FEED_RECHECK_SECONDS = "1";

const keyOf = (accountId: string): FeedCredential => ({ accountId, sessionId: null, apiKeyId: `key_${randomBytes(12).toString("hex")}` });

async function placesOf(accountId: string): Promise<number> {
  const { rows } = await pool().query<{ count: string }>("select count(*) from feed_connections where account_id = $1", [accountId]);
  return Number(rows[0]!.count);
}

/** The limit a refusal names, or "taken". */
async function outcomes(attempts: Promise<string>[]): Promise<string[]> {
  const settled = await Promise.allSettled(attempts);
  return settled.map((result) => {
    if (result.status === "fulfilled") return "taken";
    const error = result.reason as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe("rate_limited");
    return String(error.details.data?.limit);
  });
}

async function storedSession(accountId: string): Promise<string> {
  const id = newId("ses");
  await db()
    .insert(sessions)
    .values({ id, accountId, signInMethod: "password", expiresAt: new Date(Date.now() + 86_400_000) });
  return id;
}

describe("places of event streams and long polls", () => {
  it("gives exactly the limit's places to racing acquirers, per credential and then per account", async () => {
    const account = await storedAccount();
    const limits = { perCredential: 5, perAccount: 8 };
    const first = keyOf(account.id);
    const byFirst = await outcomes(Array.from({ length: 20 }, () => takeFeedSlot(first, limits)));
    expect(byFirst.filter((outcome) => outcome === "taken")).toHaveLength(5);
    expect(new Set(byFirst.filter((outcome) => outcome !== "taken"))).toEqual(new Set(["feed_connections_per_credential"]));
    const second = keyOf(account.id);
    const bySecond = await outcomes(Array.from({ length: 20 }, () => takeFeedSlot(second, limits)));
    expect(bySecond.filter((outcome) => outcome === "taken")).toHaveLength(3);
    expect(new Set(bySecond.filter((outcome) => outcome !== "taken"))).toEqual(new Set(["feed_connections_per_account"]));
    expect(await placesOf(account.id)).toBe(8);
    // Another account's places are its own.
    const other = await storedAccount();
    expect(await outcomes([takeFeedSlot(keyOf(other.id), limits)])).toEqual(["taken"]);
  });

  it("stops counting a place whose lease ran out, frees a released one at once, and renews only places still held", async () => {
    const account = await storedAccount();
    const limits = { perCredential: 2, perAccount: 10 };
    const credential = keyOf(account.id);
    const [a, b] = [await takeFeedSlot(credential, limits), await takeFeedSlot(credential, limits)];
    await expect(takeFeedSlot(credential, limits)).rejects.toMatchObject({ code: "rate_limited" });
    // An instance that stopped without giving `a` back: its lease runs out.
    await pool().query("update feed_connections set lease_until = now() - interval '1 second' where id = $1", [a]);
    const c = await takeFeedSlot(credential, limits);
    expect(await placesOf(account.id)).toBe(2);
    await releaseFeedSlot(b);
    const d = await takeFeedSlot(credential, limits);
    await pool().query("update feed_connections set lease_until = now() + interval '5 seconds' where id = any($1)", [[c, d]]);
    expect(await renewFeedSlots([a, c, d])).toEqual(new Set([c, d]));
    const { rows } = await pool().query<{ seconds: number }>(
      "select min(extract(epoch from lease_until - now()))::float as seconds from feed_connections where id = any($1)",
      [[c, d]],
    );
    expect(rows[0]!.seconds).toBeGreaterThan(50);
  });
});

describe("an open connection's credential", () => {
  const principalOf = (accountId: string, sessionId: string, credentialExpiresAt: Date | null = null): SendingPrincipal => ({
    accountId,
    account: {} as never,
    sessionId,
    apiKey: null,
    credentialExpiresAt,
  });

  it("is re-checked on a timer: a session that stopped working unannounced ends its connection, which gives its place back", async () => {
    const account = await storedAccount();
    const sessionId = await storedSession(account.id);
    const connection = await openFeedConnection(principalOf(account.id, sessionId));
    const kept = await openFeedConnection(principalOf(account.id, await storedSession(account.id)));
    expect(await placesOf(account.id)).toBe(2);
    // No revocation (whose notification ends it at once): only the re-check can find out.
    await pool().query("update sessions set expires_at = now() where id = $1", [sessionId]);
    expect(await until(() => connection.ended() !== null, 4_000)).toBe(true);
    expect(connection.ended()).toMatchObject({ kind: "credential", error: { code: "unauthorized" } });
    expect(await until(async () => (await placesOf(account.id)) === 1, 2_000)).toBe(true);
    expect(kept.ended()).toBeNull();
    kept.close();
  });

  it("ends a connection whose place is gone, and one whose access token expires", async () => {
    const account = await storedAccount();
    const lost = await openFeedConnection(principalOf(account.id, await storedSession(account.id)));
    await pool().query("delete from feed_connections where account_id = $1", [account.id]);
    expect(await until(() => lost.ended() !== null, 4_000)).toBe(true);
    expect(lost.ended()).toEqual({ kind: "lost" });
    const expiring = await openFeedConnection(principalOf(account.id, await storedSession(account.id), new Date(Date.now() + 300)));
    expect(expiring.ended()).toBeNull();
    expect(await until(() => expiring.ended() !== null, 2_000)).toBe(true);
    expect(expiring.ended()).toMatchObject({ kind: "credential", error: { message: expect.stringMatching(/access token/) } });
  });
});
