import { describe, expect, it } from "vitest";
import { getMe, login } from "@/shared/api/endpoints/auth";
import { sendMagicLink, sendSignInCode, setOtpLogin, verifyMagicLink, verifySignInCode } from "@/shared/api/endpoints/email-sign-in";
import {
  completeTwoFactorChallenge,
  disableTwoFactor,
  reauthenticate,
  setupTwoFactor,
  verifyTwoFactor,
} from "@/shared/api/endpoints/two-factor";
import { call, request } from "../support/api-client";
import { sql } from "../support/database";
import { createAccount, type TestAccount } from "../support/factories";
import { codeIn, magicLinkIn, waitForEmail } from "../support/captured-email";
import { awayFromStepBoundary, oathtoolCode } from "../support/oathtool";

type Enrolled = TestAccount & { secret: string; recoveryCodes: string[] };

/** Turns two-factor on with the previous step's code, leaving the current and next steps unused. */
async function enrolledAccount(): Promise<Enrolled> {
  const account = await createAccount();
  await awayFromStepBoundary();
  const setup = await call(setupTwoFactor, { token: account.accessToken });
  expect(setup.status).toBe(200);
  const secret = setup.body.data.secret;
  const verified = await call(verifyTwoFactor, { token: account.accessToken, body: { code: oathtoolCode(secret, -1) } });
  expect(verified.status).toBe(200);
  return { ...account, secret, recoveryCodes: verified.body.data.recoveryCodes };
}

const passwordLogin = (account: TestAccount, totp_code?: string) =>
  call(login, { body: { email: account.email, password: account.password, ...(totp_code ? { totp_code } : {}) } });

describe("two-factor setup", () => {
  it("returns an otpauth URI with the secret, confirms with a code, and shows 10 recovery codes once", async () => {
    const account = await createAccount();
    const setup = await call(setupTwoFactor, { token: account.accessToken, body: {} });
    expect(setup.body.data.provisioningUri).toBe(
      `otpauth://totp/Customer%20Email%20Service%3A${encodeURIComponent(account.email)}?secret=${setup.body.data.secret}&issuer=Customer+Email+Service&algorithm=SHA1&digits=6&period=30`,
    );
    await awayFromStepBoundary();
    const verified = await call(verifyTwoFactor, { token: account.accessToken, body: { code: oathtoolCode(setup.body.data.secret) } });
    expect(verified.status).toBe(200);
    expect(verified.body.data.recoveryCodes).toHaveLength(10);
    expect(new Set(verified.body.data.recoveryCodes).size).toBe(10);
    expect((await call(getMe, { token: account.accessToken })).body.data.twoFactorEnabled).toBe(true);
    expect((await call(setupTwoFactor, { token: account.accessToken })).error?.code).toBe("already_enabled");
  });

  it("never stores the secret or recovery codes in plain text", async () => {
    const account = await enrolledAccount();
    const rows = await sql<{ row: string }>(
      "select row_to_json(t)::text as row from two_factor_secrets t where account_id = $1 union all select row_to_json(r)::text from recovery_codes r where account_id = $1",
      [account.user.id],
    );
    expect(rows.length).toBe(11);
    for (const { row } of rows) {
      expect(row).not.toContain(account.secret);
      for (const code of account.recoveryCodes) expect(row).not.toContain(code);
    }
  });

  it("invalidates the first secret when setup runs again", async () => {
    const account = await createAccount();
    const first = await call(setupTwoFactor, { token: account.accessToken });
    const second = await call(setupTwoFactor, { token: account.accessToken });
    expect(second.body.data.secret).not.toBe(first.body.data.secret);
    await awayFromStepBoundary();
    expect(
      (await call(verifyTwoFactor, { token: account.accessToken, body: { code: oathtoolCode(first.body.data.secret) } })).error?.code,
    ).toBe("invalid_two_factor_code");
    expect(
      (await call(verifyTwoFactor, { token: account.accessToken, body: { code: oathtoolCode(second.body.data.secret) } })).status,
    ).toBe(200);
  });

  it("answers verify without setup with 409, a stale session's setup with 403, and bad input with 400", async () => {
    const account = await createAccount();
    expect((await call(verifyTwoFactor, { token: account.accessToken, body: { code: "123456" } })).error?.code).toBe("no_pending_setup");
    expect((await call(verifyTwoFactor, { token: account.accessToken, body: { code: "12ab56" } })).status).toBe(400);
    expect((await call(setupTwoFactor, { token: account.accessToken, body: { extra: true } })).status).toBe(400);
    expect((await call(setupTwoFactor)).status).toBe(401);
    await sql("update sessions set authenticated_at = now() - interval '16 minutes' where account_id = $1", [account.user.id]);
    expect((await call(setupTwoFactor, { token: account.accessToken })).error?.code).toBe("reauthentication_required");
  });
});

describe("signing in with two-factor on", () => {
  it("stops a password login at the challenge (no tokens), accepts ±1 step once, refuses ±2 and replays", async () => {
    const account = await enrolledAccount();
    const challenged = await passwordLogin(account);
    expect(challenged.status).toBe(401);
    expect(challenged.error?.code).toBe("two_factor_required");
    expect(challenged.error?.challengeToken).toMatch(/^ch_/);
    expect(JSON.stringify(challenged.body)).not.toMatch(/accessToken|refreshToken/);

    const wrongPassword = await call(login, {
      body: { email: account.email, password: "not-the-password-1", totp_code: oathtoolCode(account.secret) },
    });
    expect(wrongPassword.error?.code).toBe("invalid_credentials"); // the first factor is checked first

    const plusTwo = await passwordLogin(account, oathtoolCode(account.secret, 2));
    expect(plusTwo.error?.code).toBe("invalid_two_factor_code");
    expect(plusTwo.error?.challengeToken).toMatch(/^ch_/);
    expect((await passwordLogin(account, oathtoolCode(account.secret, -2))).error?.code).toBe("invalid_two_factor_code");

    const current = oathtoolCode(account.secret);
    const signedIn = await passwordLogin(account, current);
    expect(signedIn.status).toBe(200);
    expect((await passwordLogin(account, current)).error?.code).toBe("invalid_two_factor_code"); // replay
    expect((await passwordLogin(account, oathtoolCode(account.secret, 1))).status).toBe(200); // next step, once
  });

  it("completes a challenge with a code, or once with a recovery code", async () => {
    const account = await enrolledAccount();
    const first = (await passwordLogin(account)).error!.challengeToken as string;
    const done = await call(completeTwoFactorChallenge, { body: { challengeToken: first, code: oathtoolCode(account.secret) } });
    expect(done.status).toBe(200);
    expect(done.body.data.user.id).toBe(account.user.id);
    expect(
      (await call(completeTwoFactorChallenge, { body: { challengeToken: first, code: oathtoolCode(account.secret, 1) } })).error?.code,
    ).toBe("invalid_or_expired_token");

    const recovery = account.recoveryCodes[0]!;
    const second = (await passwordLogin(account)).error!.challengeToken as string;
    expect((await call(completeTwoFactorChallenge, { body: { challengeToken: second, code: recovery.toUpperCase() } })).status).toBe(200);
    const third = (await passwordLogin(account)).error!.challengeToken as string;
    expect((await call(completeTwoFactorChallenge, { body: { challengeToken: third, code: recovery } })).error?.code).toBe(
      "invalid_two_factor_code",
    );
    const used = await sql("select 1 from activity_events where account_id = $1 and type = 'security.recovery_code_used'", [
      account.user.id,
    ]);
    expect(used).toHaveLength(1);
  });

  it("kills a challenge after 5 wrong codes, and refuses another account's code", async () => {
    const [alice, bob] = await Promise.all([enrolledAccount(), enrolledAccount()]);
    const challenge = (await passwordLogin(alice)).error!.challengeToken as string;
    expect(
      (await call(completeTwoFactorChallenge, { body: { challengeToken: challenge, code: oathtoolCode(bob.secret) } })).error?.code,
    ).toBe("invalid_two_factor_code");
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await call(completeTwoFactorChallenge, { body: { challengeToken: challenge, code: "000000" } });
    }
    expect(
      (await call(completeTwoFactorChallenge, { body: { challengeToken: challenge, code: oathtoolCode(alice.secret) } })).error?.code,
    ).toBe("invalid_or_expired_token");
  });

  it("locks the second factor for 15 minutes after 10 wrong codes (429)", async () => {
    const account = await enrolledAccount();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await passwordLogin(account, "000000");
      expect(response.error?.code).toBe("invalid_two_factor_code");
    }
    const locked = await passwordLogin(account, oathtoolCode(account.secret));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(800);
  });

  it("needs the second factor for email-code and magic-link sign-ins too", async () => {
    const account = await enrolledAccount();
    await call(setOtpLogin, { token: account.accessToken, body: { enabled: true } });
    await call(sendSignInCode, { body: { email: account.email } });
    const code = codeIn(await waitForEmail(account.email))!;
    const byCode = await call(verifySignInCode, { body: { email: account.email, code } });
    expect(byCode.error?.code).toBe("two_factor_required");
    await call(sendMagicLink, { body: { email: account.email } });
    const token = new URL(magicLinkIn(await waitForEmail(account.email, { count: 2 }))!).searchParams.get("token")!;
    const byLink = await call(verifyMagicLink, { query: { token } });
    expect(byLink.error?.code).toBe("two_factor_required");
    const done = await call(completeTwoFactorChallenge, {
      body: { challengeToken: byLink.error!.challengeToken as string, code: oathtoolCode(account.secret) },
    });
    expect(done.status).toBe(200);
    const [session] = await sql<{ sign_in_method: string }>(
      "select sign_in_method from sessions where account_id = $1 order by created_at desc limit 1",
      [account.user.id],
    );
    expect(session!.sign_in_method).toBe("magic_link");
  });

  it("validates the challenge body", async () => {
    expect((await call(completeTwoFactorChallenge, { body: { code: "123456" } })).status).toBe(400);
    expect(
      (await request("/auth/2fa/challenge", { method: "POST", body: { challengeToken: "ch_x", code: "123456", extra: 1 } })).status,
    ).toBe(400);
    expect((await call(completeTwoFactorChallenge, { body: { challengeToken: "ch_unknown", code: "123456" } })).error?.code).toBe(
      "invalid_or_expired_token",
    );
  });
});

describe("turning two-factor off and re-authenticating", () => {
  it("needs a fresh session or a valid code", async () => {
    const account = await enrolledAccount();
    await sql("update sessions set authenticated_at = now() - interval '16 minutes' where account_id = $1", [account.user.id]);
    expect((await call(disableTwoFactor, { token: account.accessToken })).error?.code).toBe("reauthentication_required");
    expect((await call(disableTwoFactor, { token: account.accessToken, body: { code: "000000" } })).error?.code).toBe(
      "invalid_two_factor_code",
    );
    expect((await call(disableTwoFactor, { token: account.accessToken, body: { code: oathtoolCode(account.secret) } })).status).toBe(200);
    expect((await call(getMe, { token: account.accessToken })).body.data.twoFactorEnabled).toBe(false);
    expect((await call(disableTwoFactor, { token: account.accessToken })).error?.code).toBe("not_enabled");
    expect((await passwordLogin(account)).status).toBe(200);
  });

  it("re-authenticates with the password to make a stale session fresh", async () => {
    const account = await createAccount();
    await sql("update sessions set authenticated_at = now() - interval '16 minutes' where account_id = $1", [account.user.id]);
    expect((await call(setupTwoFactor, { token: account.accessToken })).status).toBe(403);
    expect((await call(reauthenticate, { token: account.accessToken, body: { password: "wrong-password-1" } })).error?.code).toBe(
      "invalid_credentials",
    );
    expect((await call(reauthenticate, { token: account.accessToken, body: {} })).status).toBe(400);
    const fresh = await call(reauthenticate, { token: account.accessToken, body: { password: account.password } });
    expect(fresh.status).toBe(200);
    expect((await call(setupTwoFactor, { token: account.accessToken })).status).toBe(200);
    expect((await call(reauthenticate, { body: { password: account.password } })).status).toBe(401);
  });
});
