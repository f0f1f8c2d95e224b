import { describe, expect, it } from "vitest";
import { getMe, logout, refresh } from "@/shared/api/endpoints/auth";
import { baseUrl, call, request } from "../support/api-client";
import { sql } from "../support/database";
import { createAccount } from "../support/factories";
import { craftAccessToken, decodeClaims } from "../support/tokens";

const issuer = () => baseUrl().replace("127.0.0.1", "localhost");

describe("GET /auth/me and access tokens", () => {
  it("returns the caller's own account, and only theirs", async () => {
    const [alice, bob] = await Promise.all([createAccount(), createAccount()]);
    const asAlice = await call(getMe, { token: alice.accessToken });
    const asBob = await call(getMe, { token: bob.accessToken });
    expect(asAlice.body.data.id).toBe(alice.user.id);
    expect(asBob.body.data.id).toBe(bob.user.id);
  });

  it("says who acts and with which role: in one's own account, oneself as its owner", async () => {
    const account = await createAccount();
    const me = await call(getMe, { token: account.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ id: account.user.id, role: "owner", actor: { id: account.user.id, email: account.user.email } });
  });

  it("carries type, audience, issuer, subject, session and a 15-minute life", async () => {
    const account = await createAccount();
    const claims = decodeClaims(account.accessToken);
    expect(claims).toMatchObject({ sub: account.user.id, aud: "customer-email-service:api", sid: expect.stringMatching(/^ses_/) });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(900);
    const header = JSON.parse(Buffer.from(account.accessToken.split(".")[0]!, "base64url").toString());
    expect(header).toEqual({ alg: "HS256", typ: "at+jwt" });
  });

  it.each([
    ["no Authorization header", undefined],
    ["a non-Bearer scheme", "Basic dXNlcjpwYXNz"],
    ["an empty Bearer", "Bearer "],
    ["garbage", "Bearer not.a.jwt"],
  ])("answers 401 unauthorized for %s", async (_name, header) => {
    const response = await request("/auth/me", { headers: header === undefined ? {} : { authorization: header } });
    expect(response.status).toBe(401);
    expect(response.error?.code).toBe("unauthorized");
  });

  it("refuses tampered, alg:none, expired, wrong-type, wrong-audience and foreign-key tokens", async () => {
    const account = await createAccount();
    const sessionId = decodeClaims(account.accessToken).sid as string;
    const [header, payload, signature] = account.accessToken.split(".") as [string, string, string];
    const tamperedPayload = Buffer.from(JSON.stringify({ ...decodeClaims(account.accessToken), sub: "acc_someoneelse" })).toString(
      "base64url",
    );
    const noneHeader = Buffer.from(JSON.stringify({ alg: "none", typ: "at+jwt" })).toString("base64url");
    const base = { accountId: account.user.id, sessionId, issuer: issuer() };
    const candidates = {
      tampered: `${header}.${tamperedPayload}.${signature}`,
      algNone: `${noneHeader}.${payload}.`,
      expired: await craftAccessToken({ ...base, expiresInSeconds: 30 }),
      wrongType: await craftAccessToken({ ...base, typ: "JWT" }),
      wrongAudience: await craftAccessToken({ ...base, audience: "someone-else" }),
      wrongIssuer: await craftAccessToken({ ...base, issuer: "https://evil.example" }),
      foreignKey: await craftAccessToken({ ...base, key: new Uint8Array(32).fill(7) }),
      refreshTokenAsAccess: account.refreshToken,
    };
    // The crafted token with every claim right must pass, or the checks above prove nothing.
    expect((await call(getMe, { token: await craftAccessToken(base) })).status).toBe(200);
    for (const [name, token] of Object.entries(candidates)) {
      const response = await request("/auth/me", { headers: { authorization: `Bearer ${token}` } });
      expect(response.status, name).toBe(401);
      expect(response.error?.code, name).toBe("unauthorized");
    }
  });

  it("ends an idle session on its next request (sessionTimeoutMinutes)", async () => {
    const account = await createAccount();
    const sessionId = decodeClaims(account.accessToken).sid as string;
    await sql("update accounts set session_timeout_minutes = 5 where id = $1", [account.user.id]);
    expect((await call(getMe, { token: account.accessToken })).status).toBe(200);
    // Move the session's clock: last used 6 minutes ago.
    await sql("update sessions set last_active_at = now() - interval '6 minutes' where id = $1", [sessionId]);
    expect((await call(getMe, { token: account.accessToken })).status).toBe(401);
    expect((await call(refresh, { body: { refreshToken: account.refreshToken } })).status).toBe(401);
  });

  it("ends a session at its 30-day absolute lifetime", async () => {
    const account = await createAccount();
    const sessionId = decodeClaims(account.accessToken).sid as string;
    const [session] = await sql<{ days: number }>(
      "select extract(epoch from expires_at - created_at) / 86400 as days from sessions where id = $1",
      [sessionId],
    );
    expect(Number(session!.days)).toBeCloseTo(30, 3);
    await sql("update sessions set expires_at = now() - interval '1 second' where id = $1", [sessionId]);
    expect((await call(getMe, { token: account.accessToken })).status).toBe(401);
  });
});

describe("POST /auth/refresh", () => {
  it("rotates: a new pair, the old refresh token replayed within 10 s gets the very same pair", async () => {
    const account = await createAccount();
    const first = await call(refresh, { body: { refreshToken: account.refreshToken } });
    expect(first.status).toBe(200);
    expect(first.body.data.refreshToken).not.toBe(account.refreshToken);
    expect(first.body.data.user.id).toBe(account.user.id);
    const replay = await call(refresh, { body: { refreshToken: account.refreshToken } });
    expect(replay.status).toBe(200);
    expect(replay.body.data.refreshToken).toBe(first.body.data.refreshToken);
    expect(replay.body.data.accessToken).toBe(first.body.data.accessToken);
    expect((await call(getMe, { token: first.body.data.accessToken })).status).toBe(200);
    // The successor rotates normally.
    const second = await call(refresh, { body: { refreshToken: first.body.data.refreshToken } });
    expect(second.status).toBe(200);
    expect(second.body.data.refreshToken).not.toBe(first.body.data.refreshToken);
  });

  it("treats a replay after the grace window as theft: 401 refresh_token_reused and the session is gone", async () => {
    const account = await createAccount();
    const rotated = await call(refresh, { body: { refreshToken: account.refreshToken } });
    const newest = rotated.body.data;
    await sql(
      "update refresh_tokens set rotated_at = rotated_at - interval '11 seconds' where rotated_at is not null and session_id = $1",
      [decodeClaims(account.accessToken).sid],
    );
    const reuse = await call(refresh, { body: { refreshToken: account.refreshToken } });
    expect(reuse.status).toBe(401);
    expect(reuse.error?.code).toBe("refresh_token_reused");
    expect((await call(refresh, { body: { refreshToken: newest.refreshToken } })).status).toBe(401);
    expect((await call(getMe, { token: newest.accessToken })).status).toBe(401);
    const events = await sql("select 1 from activity_events where account_id = $1 and type = 'auth.refresh_reuse_detected'", [
      account.user.id,
    ]);
    expect(events).toHaveLength(1);
  });

  it("gives concurrent refreshes of one token one successor between them", async () => {
    const account = await createAccount();
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(refresh, { body: { refreshToken: account.refreshToken } })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.data.refreshToken)).size).toBe(1);
    const rows = await sql("select token_hash from refresh_tokens where session_id = $1", [decodeClaims(account.accessToken).sid]);
    expect(rows).toHaveLength(2); // the original (rotated) and exactly one successor
  });

  it("stores refresh tokens only as SHA-256 hashes", async () => {
    const account = await createAccount();
    const rows = await sql<{ token_hash: string }>("select token_hash from refresh_tokens where session_id = $1", [
      decodeClaims(account.accessToken).sid,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const anywhere = await sql("select 1 from refresh_tokens where token_hash = $1 or token_hash like $2", [
      account.refreshToken,
      `%${account.refreshToken.slice(3, 20)}%`,
    ]);
    expect(anywhere).toHaveLength(0);
  });

  it.each([
    ["an unknown token", { refreshToken: "rt_unknown" }, 401, "unauthorized"],
    ["an access token in its place", null, 401, "unauthorized"],
    ["a missing token", {}, 400, "validation_error"],
    ["a number", { refreshToken: 42 }, 400, "validation_error"],
  ])("answers %s with %i %s", async (_name, body, status, code) => {
    const account = await createAccount();
    const response = await call(refresh, { body: body ?? { refreshToken: account.accessToken } });
    expect(response.status).toBe(status);
    expect(response.error?.code).toBe(code);
  });
});

describe("POST /auth/logout", () => {
  it("revokes the session at once and is idempotent", async () => {
    const account = await createAccount();
    const response = await call(logout, { body: { refreshToken: account.refreshToken } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: "Signed out", data: null });
    expect((await call(getMe, { token: account.accessToken })).status).toBe(401);
    expect((await call(refresh, { body: { refreshToken: account.refreshToken } })).status).toBe(401);
    expect((await call(logout, { body: { refreshToken: account.refreshToken } })).status).toBe(200);
    expect((await call(logout, { body: { refreshToken: "rt_never_issued" } })).status).toBe(200);
  });

  it("answers 400 without a refresh token", async () => {
    expect((await call(logout, { body: {} })).status).toBe(400);
    expect((await call(logout, {})).status).toBe(400);
  });
});
