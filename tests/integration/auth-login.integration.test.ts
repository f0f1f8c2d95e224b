import { describe, expect, it } from "vitest";
import { login } from "@/shared/api/endpoints/auth";
import { listSessions } from "@/shared/api/endpoints/sessions";
import { call, randomIp } from "../support/api-client";
import { sql } from "../support/database";
import { createAccount, uniqueEmail } from "../support/factories";

describe("POST /auth/login", () => {
  it("signs in with the right password (email in any case) and records the sign-in", async () => {
    const account = await createAccount();
    const ip = randomIp();
    const response = await call(login, {
      body: { email: account.email.toUpperCase(), password: account.password },
      ip,
      headers: { "user-agent": "login-test/1.0" },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.user.id).toBe(account.user.id);
    const sessions = await call(listSessions, { token: response.body.data.accessToken });
    const current = sessions.body.data.find((session) => session.isCurrent)!;
    expect(current).toMatchObject({ ipAddress: ip, userAgent: "login-test/1.0", signInMethod: "password" });
    const events = await sql<{ type: string; ip_address: string }>(
      "select type, ip_address from activity_events where account_id = $1 order by created_at, type",
      [account.user.id],
    );
    expect(events.map((event) => event.type)).toEqual(["account.created", "auth.login", "auth.login"]);
  });

  it("answers a wrong password and an unknown email with the same 401", async () => {
    const account = await createAccount();
    const written = () =>
      sql<{ sessions: number; logins: number }>(
        `select (select count(*)::int from sessions where account_id = $1) as sessions,
                (select count(*)::int from activity_events where account_id = $1 and type = 'auth.login') as logins`,
        [account.user.id],
      );
    const before = await written();
    const wrong = await call(login, { body: { email: account.email, password: "wrong-password-123" } });
    // The session written while argon2 worked was rolled back: neither the session nor its sign-in event is left.
    expect(await written()).toEqual(before);
    const unknown = await call(login, { body: { email: uniqueEmail("nobody"), password: "wrong-password-123" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.data).toEqual({ code: "invalid_credentials" });
    const [failed] = await sql("select metadata from activity_events where account_id = $1 and type = 'auth.login_failed'", [
      account.user.id,
    ]);
    expect(JSON.stringify(failed)).not.toContain("wrong-password-123");
  });

  it("checks only that email and password are non-empty strings", async () => {
    for (const body of [
      {},
      { email: "", password: "x" },
      { email: "a@example.test", password: "" },
      { email: "a@example.test", password: 5 },
      { email: "a@example.test", password: "x", extra: 1 },
    ]) {
      const response = await call(login, { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.error?.code).toBe("validation_error");
    }
    // A short password is not a validation error at login: it is just wrong.
    const account = await createAccount();
    expect((await call(login, { body: { email: account.email, password: "short" } })).status).toBe(401);
  });

  it("blocks an email+IP after 10 failures in 15 minutes, even with the right password, but not from elsewhere", async () => {
    const account = await createAccount();
    const ip = randomIp();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await call(login, { body: { email: account.email, password: "wrong-password-123" }, ip })).status).toBe(401);
    }
    const blocked = await call(login, { body: { email: account.email, password: account.password }, ip });
    expect(blocked.status).toBe(429);
    expect(blocked.error?.code).toBe("rate_limited");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get("retry-after"))).toBeLessThanOrEqual(900);
    // The owner, elsewhere, is slowed down but never locked out.
    const elsewhere = await call(login, { body: { email: account.email, password: account.password } });
    expect(elsewhere.status).toBe(200);
  }, 60_000);
});
