import { describe, expect, it } from "vitest";
import { getMe, login } from "@/shared/api/endpoints/auth";
import { changePassword, getProfile, listActivity, updateProfile, updateSecurityPreferences } from "@/shared/api/endpoints/settings";
import { call, randomIp } from "../support/api-client";
import { sql } from "../support/database";
import { createAccount, signIn, strongPassword } from "../support/factories";
import { waitForEmail } from "../support/captured-email";

describe("profile", () => {
  it("reads and renames the caller's own account (trimmed)", async () => {
    const [alice, bob] = await Promise.all([createAccount(), createAccount()]);
    const updated = await call(updateProfile, { token: alice.accessToken, body: { name: "  Ada Lovelace " } });
    expect(updated.status).toBe(200);
    expect(updated.body.data.name).toBe("Ada Lovelace");
    expect((await call(getProfile, { token: alice.accessToken })).body.data).toMatchObject({ id: alice.user.id, name: "Ada Lovelace" });
    expect((await call(getProfile, { token: bob.accessToken })).body.data).toMatchObject({ id: bob.user.id, name: null });
  });

  it.each([[{ name: "   " }], [{ name: "x".repeat(101) }], [{ name: 5 }], [{}], [{ name: "ok", email: "new@example.test" }]])(
    "refuses %j with 400",
    async (body) => {
      const account = await createAccount();
      expect((await call(updateProfile, { token: account.accessToken, body })).error?.code).toBe("validation_error");
    },
  );

  it("answers 401 without a token", async () => {
    expect((await call(getProfile)).status).toBe(401);
    expect((await call(updateProfile, { body: { name: "x" } })).status).toBe(401);
  });
});

describe("password change", () => {
  it("needs the current password, signs out the other sessions only, and emails the owner", async () => {
    const account = await createAccount();
    const other = await signIn(account);
    const newPassword = strongPassword();
    const wrong = await call(changePassword, {
      token: account.accessToken,
      body: { current_password: "not-it-at-all-1", new_password: newPassword },
    });
    expect(wrong.error?.code).toBe("invalid_credentials");
    const changed = await call(changePassword, {
      token: account.accessToken,
      body: { current_password: account.password, new_password: newPassword },
    });
    expect(changed.status).toBe(200);
    expect((await call(getMe, { token: account.accessToken })).status).toBe(200);
    expect((await call(getMe, { token: other.accessToken })).status).toBe(401);
    expect((await call(login, { body: { email: account.email, password: account.password } })).status).toBe(401);
    expect((await call(login, { body: { email: account.email, password: newPassword } })).status).toBe(200);
    const email = await waitForEmail(account.email, { subject: "Your password was changed" });
    expect(email.text).toContain("Every other session was signed out");
  });

  it.each([
    ["the same password", (current: string) => ({ current_password: current, new_password: current })],
    ["a short one", (current: string) => ({ current_password: current, new_password: "short" })],
    ["a common one", (current: string) => ({ current_password: current, new_password: "password1234" })],
    ["no current password", () => ({ new_password: "a-long-enough-password" })],
  ])("refuses %s with 400", async (_name, body) => {
    const account = await createAccount();
    const response = await call(changePassword, { token: account.accessToken, body: body(account.password) });
    expect(response.error?.code).toBe("validation_error");
  });
});

describe("security preferences", () => {
  it("saves either field and applies a shorter idle timeout to existing sessions at once", async () => {
    const account = await createAccount();
    const other = await signIn(account);
    await sql("update sessions set last_active_at = now() - interval '10 minutes' where id <> $1 and account_id = $2", [
      JSON.parse(Buffer.from(account.accessToken.split(".")[1]!, "base64url").toString()).sid,
      account.user.id,
    ]);
    const saved = await call(updateSecurityPreferences, { token: account.accessToken, body: { sessionTimeoutMinutes: 5 } });
    expect(saved.body.data).toEqual({ sessionTimeoutMinutes: 5, notifyNewSignin: true, requireTwoFactorForMembers: false });
    expect((await call(getMe, { token: other.accessToken })).status).toBe(401);
    expect((await call(updateSecurityPreferences, { token: account.accessToken, body: { notifyNewSignin: false } })).body.data).toEqual({
      sessionTimeoutMinutes: 5,
      notifyNewSignin: false,
      requireTwoFactorForMembers: false,
    });
  });

  it.each([
    [{}],
    [{ sessionTimeoutMinutes: 4 }],
    [{ sessionTimeoutMinutes: 43_201 }],
    [{ sessionTimeoutMinutes: 10.5 }],
    [{ notifyNewSignin: "yes" }],
    [{ sessionTimeoutMinutes: null }],
  ])("refuses %j with 400", async (body) => {
    const account = await createAccount();
    expect((await call(updateSecurityPreferences, { token: account.accessToken, body })).error?.code).toBe("validation_error");
  });

  it("answers 401 without a token", async () => {
    expect((await call(updateSecurityPreferences, { body: { notifyNewSignin: true } })).status).toBe(401);
  });
});

describe("activity", () => {
  it("pages through the caller's own events, newest first, with totals", async () => {
    const [alice, bob] = await Promise.all([createAccount(), createAccount()]);
    for (const name of ["one", "two", "three"]) await call(updateProfile, { token: alice.accessToken, body: { name } });
    const first = await call(listActivity, { token: alice.accessToken, query: { page: 1, limit: 2 } });
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3 });
    expect(first.body.data.items.map((item) => item.type)).toEqual(["account.updated", "account.updated"]);
    const last = await call(listActivity, { token: alice.accessToken, query: { page: 3, limit: 2 } });
    expect(last.body.data.items).toHaveLength(1);
    const beyond = await call(listActivity, { token: alice.accessToken, query: { page: 9 } });
    expect(beyond.body.data.items).toEqual([]);
    const defaults = await call(listActivity, { token: bob.accessToken });
    expect(defaults.body.data.pagination).toMatchObject({ page: 1, limit: 20, total: 2 });
    expect(defaults.body.data.items.map((item) => item.type)).toEqual(["auth.login", "account.created"]);
  });

  it("records the address and user agent of the request that caused each event", async () => {
    const account = await createAccount();
    const ip = randomIp();
    await call(updateProfile, { token: account.accessToken, body: { name: "Ada" }, ip, headers: { "user-agent": "activity-test/1.0" } });
    const [latest] = (await call(listActivity, { token: account.accessToken })).body.data.items;
    expect(latest).toMatchObject({ type: "account.updated", ipAddress: ip, userAgent: "activity-test/1.0" });
  });

  it.each([{ page: 0 }, { page: -1 }, { page: "abc" }, { limit: 0 }, { limit: 101 }, { limit: 2.5 }])(
    "refuses %j with 400",
    async (query) => {
      const account = await createAccount();
      expect(
        (await call(listActivity, { token: account.accessToken, query: query as unknown as Record<string, string | number> })).error?.code,
      ).toBe("validation_error");
    },
  );

  it("answers 401 without a token", async () => {
    expect((await call(listActivity)).status).toBe(401);
  });
});
