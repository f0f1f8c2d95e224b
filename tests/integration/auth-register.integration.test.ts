import { describe, expect, it } from "vitest";
import { getMe, register } from "@/shared/api/endpoints/auth";
import { call, randomIp, request } from "../support/api-client";
import { sql } from "../support/database";
import { createAccount, strongPassword, uniqueEmail } from "../support/factories";

describe("POST /auth/register", () => {
  it("creates a free account, normalises the email, keeps the requested plan, and signs in", async () => {
    const email = uniqueEmail("New.User").toUpperCase();
    const response = await call(register, {
      body: { email: `  ${email} `, password: strongPassword(), username: "New_User.1", planId: "pro" },
    });
    expect(response.status).toBe(201);
    const payload = response.body.data;
    expect(payload.tokenType).toBe("Bearer");
    expect(payload.expiresIn).toBe(900);
    expect(payload.user).toMatchObject({
      email: email.toLowerCase(),
      username: "New_User.1",
      planId: "free",
      twoFactorEnabled: false,
      deletionScheduledFor: null,
    });
    expect(JSON.stringify(payload.user)).not.toMatch(/argon2|password/i);
    const [row] = await sql<{ requested_plan_id: string; password_hash: string }>(
      "select requested_plan_id, password_hash from accounts where id = $1",
      [payload.user.id],
    );
    expect(row!.requested_plan_id).toBe("pro");
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const me = await call(getMe, { token: payload.accessToken });
    expect(me.body.data.id).toBe(payload.user.id);
  });

  it("refuses an email that exists, whatever its case (409 email_taken)", async () => {
    const account = await createAccount();
    const response = await call(register, { body: { email: account.email.toUpperCase(), password: strongPassword() } });
    expect(response.status).toBe(409);
    expect(response.body.data).toMatchObject({ code: "email_taken" });
  });

  it("refuses a username that exists, whatever its case (409 username_taken)", async () => {
    const username = `user_${Date.now().toString(36)}`;
    await createAccount({ username });
    const response = await call(register, { body: { email: uniqueEmail(), password: strongPassword(), username: username.toUpperCase() } });
    expect(response.status).toBe(409);
    expect(response.body.data).toMatchObject({ code: "username_taken" });
  });

  it("lets exactly one of two racing registrations of one email win", async () => {
    const email = uniqueEmail("race");
    const answers = await Promise.all([0, 1, 2].map(() => call(register, { body: { email, password: strongPassword() } })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
  });

  it.each([
    { name: "missing body", body: undefined, path: "" },
    { name: "missing email", body: { password: "a-long-enough-password" }, path: "email" },
    { name: "invalid email", body: { email: "not-an-email", password: "a-long-enough-password" }, path: "email" },
    { name: "password under 12", body: { email: "a@example.test", password: "short-pass1" }, path: "password" },
    { name: "password over 128", body: { email: "a@example.test", password: "x".repeat(129) }, path: "password" },
    { name: "common password password1234", body: { email: "a@example.test", password: "password1234" }, path: "password" },
    { name: "common password 123456789012", body: { email: "a@example.test", password: "123456789012" }, path: "password" },
    { name: "unknown planId", body: { email: "a@example.test", password: "a-long-enough-password", planId: "gold" }, path: "planId" },
    {
      name: "bad username",
      body: { email: "a@example.test", password: "a-long-enough-password", username: "no spaces!" },
      path: "username",
    },
    { name: "unknown field", body: { email: "a@example.test", password: "a-long-enough-password", admin: true }, path: "" },
    { name: "null email", body: { email: null, password: "a-long-enough-password" }, path: "email" },
  ])("answers 400 validation_error for $name", async ({ body, path }) => {
    const response = await call(register, { body });
    expect(response.status).toBe(400);
    expect(response.error?.code).toBe("validation_error");
    expect(response.error?.errors?.map((error) => error.path)).toContain(path);
  });

  it("accepts a 128-character password and never truncates it", async () => {
    const password = `${"Zq9-".repeat(31)}abcd`;
    const account = await createAccount({ password });
    const wrongLastChar = await request("/auth/login", {
      method: "POST",
      body: { email: account.email, password: `${password.slice(0, -1)}X` },
    });
    expect(wrongLastChar.status).toBe(401);
  });

  it("answers 415 for a form-encoded body and 413 for an oversized one", async () => {
    const form = await request("/auth/register", {
      method: "POST",
      body: "email=a@example.test",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    const huge = await request("/auth/register", { method: "POST", body: { email: "a@example.test", password: "x".repeat(70_000) } });
    expect(huge.status).toBe(413);
    const malformed = await request("/auth/register", { method: "POST", body: '{"email":' });
    expect(malformed.status).toBe(400);
  });

  it("limits registrations to 10 per hour per IP (429 + Retry-After)", async () => {
    const ip = randomIp();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await call(register, { body: { email: "not-an-email" }, ip });
      expect(response.status).toBe(400);
    }
    const limited = await call(register, { body: { email: uniqueEmail(), password: strongPassword() }, ip });
    expect(limited.status).toBe(429);
    expect(limited.error?.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await call(register, { body: { email: uniqueEmail(), password: strongPassword() } })).status).toBe(201);
  });
});
