// Servers of their own (they share the run's database): one with a tiny
// general limit, one with a tiny failed-login limit. Neither trusts a proxy
// (the default), so X-Forwarded-For must not change who the client is.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

let database: TestDatabase | undefined;
// Its own database: the servers above exhaust the loopback address's general limit in the shared one.
let sessionDatabase: TestDatabase | undefined;
let generalLimit: TestServer;
let loginLimit: TestServer;
let sessionLimit: TestServer;

beforeAll(async () => {
  const base = process.env.DATABASE_URL;
  if (base)
    [database, sessionDatabase] = await Promise.all([createTestDatabase(base, "limits"), createTestDatabase(base, "limits_session")]);
  // Without DATABASE_URL each server hosts an embedded database of its own: counters must not be shared with other servers of the run.
  const databaseUrl = database?.url;
  [generalLimit, loginLimit, sessionLimit] = await Promise.all([
    startTestServer({ label: "limit-general", databaseUrl, env: { RATE_LIMIT_OVERRIDES: "api=5/600,autoconfigPerIp=2/600" } }),
    startTestServer({ label: "limit-login", databaseUrl, env: { RATE_LIMIT_OVERRIDES: "loginFailuresPerEmailAndIp=3/900" } }),
    startTestServer({ label: "limit-session", databaseUrl: sessionDatabase?.url, env: { RATE_LIMIT_OVERRIDES: "api=3/600" } }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([generalLimit?.stop(), loginLimit?.stop(), sessionLimit?.stop()]);
  await Promise.all([database?.drop(), sessionDatabase?.drop()]);
});

/** A new account on the server with the tiny per-session limit, and its session's tokens. */
async function registerOnSessionLimit(label: string): Promise<{ accessToken: string; refreshToken: string }> {
  const register = await fetch(`${sessionLimit.baseUrl}/api/v1/auth/register`, {
    method: "POST",
    body: JSON.stringify({ email: `${label}.${Date.now()}@example.test`, password: "a-long-enough-password-9" }),
    headers: { "content-type": "application/json" },
  });
  expect(register.status).toBe(201);
  return ((await register.json()) as { data: { accessToken: string; refreshToken: string } }).data;
}

/** The statuses of `count` requests made one after another. */
async function statusesOf(request: () => Promise<Response>, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1) statuses.push((await request()).status);
  return statuses;
}

describe("rate limits", () => {
  it("answers the 6th request in the window with 429, Retry-After and the envelope; health is exempt", async () => {
    // Logout needs no credentials and answers 200 to any token, so only the limit can refuse it.
    const logout = (forgedAddress: string) =>
      fetch(`${generalLimit.baseUrl}/api/v1/auth/logout`, {
        method: "POST",
        body: JSON.stringify({ refreshToken: "rt_unknown" }),
        // Forged addresses from an untrusted peer change nothing.
        headers: { "content-type": "application/json", "x-forwarded-for": forgedAddress },
      });
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) statuses.push((await logout(`203.0.113.${index}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // The documented order (docs/api.md): unknown route (404) and missing credentials (401) come before 429.
    expect((await fetch(`${generalLimit.baseUrl}/api/v1/nope/but/limited`, { method: "POST" })).status).toBe(404);
    expect((await fetch(`${generalLimit.baseUrl}/api/v1/auth/me`)).status).toBe(401);
    const stillLimited = await logout("203.0.113.99");
    expect(stillLimited.status).toBe(429);
    const retryAfter = Number(stillLimited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await stillLimited.json()).toMatchObject({ success: false, data: { code: "rate_limited" } });
    expect((await fetch(`${generalLimit.baseUrl}/api/v1/health`)).status).toBe(200);
  });

  it("answers a client's third autoconfig lookup in the window with 429 and Retry-After, whatever the domain", async () => {
    const lookup = (domain: string) =>
      fetch(`${generalLimit.baseUrl}/.well-known/autoconfig/mail/config-v1.1.xml?emailaddress=ada@${domain}`, {
        headers: { "x-forwarded-for": "203.0.113.7" },
      });
    const statuses = [(await lookup("one.example")).status, (await lookup("two.example")).status];
    expect(statuses).toEqual([404, 404]);
    const limited = await lookup("three.example");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(500);
    expect(await limited.text()).toMatch(/Too many lookups/);
  });

  it("counts failed logins against the real peer address, not a forged X-Forwarded-For", async () => {
    const email = `spoof.${Date.now()}@example.test`;
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      const response = await fetch(`${loginLimit.baseUrl}/api/v1/auth/login`, {
        method: "POST",
        body: JSON.stringify({ email, password: "wrong-password-123" }),
        headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${index}` },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("counts a signed-in caller's requests per session (with the session lookup), and a dead session still gets 401 before 429", async () => {
    const { accessToken, refreshToken } = await registerOnSessionLimit("limited");
    const me = () => fetch(`${sessionLimit.baseUrl}/api/v1/auth/me`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(await statusesOf(me, 4)).toEqual([200, 200, 200, 429]);
    const limited = await me();
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(500);
    expect(await limited.json()).toMatchObject({ success: false, data: { code: "rate_limited", retryAfterSeconds: expect.any(Number) } });
    // Signing out is counted per IP (no bearer), so it is not limited; afterwards the session is dead: 401 comes first.
    const logout = await fetch(`${sessionLimit.baseUrl}/api/v1/auth/logout`, {
      method: "POST",
      body: JSON.stringify({ refreshToken }),
      headers: { "content-type": "application/json" },
    });
    expect(logout.status).toBe(200);
    expect((await me()).status).toBe(401);
  });

  it("counts an API key's requests per key (with the key lookup), and a revoked key gets 401 before 429", async () => {
    const { accessToken } = await registerOnSessionLimit("keyed");
    const session = { authorization: `Bearer ${accessToken}`, "content-type": "application/json" };
    const created = await fetch(`${sessionLimit.baseUrl}/api/v1/sending/api-keys`, {
      method: "POST",
      body: JSON.stringify({ name: "limited" }),
      headers: session,
    });
    expect(created.status).toBe(201);
    const key = ((await created.json()) as { data: { id: string; secret: string } }).data;
    const messages = () => fetch(`${sessionLimit.baseUrl}/api/v1/sending/messages`, { headers: { authorization: `Bearer ${key.secret}` } });
    // The key has a count of its own: the session that made it has used 1 of its 3.
    expect(await statusesOf(messages, 4)).toEqual([200, 200, 200, 429]);
    expect(await (await messages()).json()).toMatchObject({ success: false, data: { code: "rate_limited" } });
    const revoked = await fetch(`${sessionLimit.baseUrl}/api/v1/sending/api-keys/${key.id}`, { method: "DELETE", headers: session });
    expect(revoked.status).toBe(200);
    expect((await messages()).status).toBe(401);
  });

  it("keeps its counters in an unlogged table, so a hit never waits for a WAL flush", async () => {
    // Every API request counts a hit: as a logged table each one waited for the disk at commit.
    const [table] = await sql<{ relpersistence: string }>("select relpersistence from pg_class where relname = 'rate_limit_buckets'");
    expect(table?.relpersistence).toBe("u");
  });
});
