// Event streams and waiting long polls end with their credential
// (docs/events.md, "Limits"): every open connection of a process re-checks
// its credential on a timer, so one whose session stopped working without
// any notification still ends, and one opened with an access token ends when
// the token expires.
import { describe, expect, it } from "vitest";
import { db, pool } from "@/server/db/client";
import { sessions } from "@/server/db/schema";
import { newId } from "@/server/ids";
import type { SendingPrincipal } from "@/server/services/auth/sending-principal";
import { openFeedConnection } from "@/server/services/events/open-feed-connection";
import { until } from "../support/poll";
import { storedAccount } from "../support/stored-records";

// Read when the first connection opens: a second here instead of 15.
process.env.EVENT_FEED_RECHECK_SECONDS = "1";

async function storedSession(accountId: string): Promise<string> {
  const id = newId("ses");
  await db()
    .insert(sessions)
    .values({ id, accountId, signInMethod: "password", expiresAt: new Date(Date.now() + 86_400_000) });
  return id;
}

describe("an open connection's credential", () => {
  const principalOf = (accountId: string, sessionId: string, credentialExpiresAt: Date | null = null): SendingPrincipal => ({
    accountId,
    account: {} as never,
    sessionId,
    apiKey: null,
    credentialExpiresAt,
  });

  it("is re-checked on a timer: a session that stopped working unannounced ends its connection", async () => {
    const account = await storedAccount();
    const sessionId = await storedSession(account.id);
    const connection = await openFeedConnection(principalOf(account.id, sessionId));
    const kept = await openFeedConnection(principalOf(account.id, await storedSession(account.id)));
    // No revocation (whose notification ends it at once): only the re-check can find out.
    await pool().query("update sessions set expires_at = now() where id = $1", [sessionId]);
    expect(await until(() => connection.ended() !== null, 4_000)).toBe(true);
    expect(connection.ended()).toMatchObject({ kind: "credential", error: { code: "unauthorized" } });
    expect(kept.ended()).toBeNull();
    kept.close();
  });

  it("ends a connection whose access token expires", async () => {
    const account = await storedAccount();
    const expiring = await openFeedConnection(principalOf(account.id, await storedSession(account.id), new Date(Date.now() + 300)));
    expect(expiring.ended()).toBeNull();
    expect(await until(() => expiring.ended() !== null, 2_000)).toBe(true);
    expect(expiring.ended()).toMatchObject({ kind: "credential", error: { message: expect.stringMatching(/access token/) } });
  });
});
