import { describe, expect, it } from "vitest";
import { getMe, login } from "@/shared/api/endpoints/auth";
import {
  forgotPassword,
  resetPassword,
  sendMagicLink,
  sendSignInCode,
  setOtpLogin,
  verifyMagicLink,
  verifySignInCode,
} from "@/shared/api/endpoints/email-sign-in";
import { baseUrl, call, randomIp } from "../support/api-client";
import { sql } from "../support/database";
import { createAccount, strongPassword, uniqueEmail, type TestAccount } from "../support/factories";
import { codeIn, expectNoEmail, magicLinkIn, waitForEmail } from "../support/captured-email";

async function accountWithCodeLogin(): Promise<TestAccount> {
  const account = await createAccount();
  const response = await call(setOtpLogin, { token: account.accessToken, body: { enabled: true } });
  expect(response.status).toBe(200);
  return account;
}

async function emailedCode(account: TestAccount, send = sendSignInCode, count = 1): Promise<string> {
  expect((await call(send, { body: { email: account.email } })).status).toBe(200);
  const email = await waitForEmail(account.email, { count });
  return codeIn(email)!;
}

const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

describe("sign-in with an emailed code", () => {
  it("emails a 6-digit code (in both parts) that signs in once", async () => {
    const account = await accountWithCodeLogin();
    expect((await call(sendSignInCode, { body: { email: account.email.toUpperCase() } })).status).toBe(200);
    const email = await waitForEmail(account.email);
    const code = codeIn(email)!;
    expect(code).toMatch(/^\d{6}$/);
    expect(email.subject).toBe("Your sign-in code");
    expect(email.html).toContain(code);
    const signedIn = await call(verifySignInCode, { body: { email: account.email, code } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.id).toBe(account.user.id);
    expect((await call(getMe, { token: signedIn.body.data.accessToken })).status).toBe(200);
    const again = await call(verifySignInCode, { body: { email: account.email, code } });
    expect(again.status).toBe(400);
    expect(again.error?.code).toBe("invalid_or_expired_code");
    const [stored] = await sql<{ secret_hash: string }>("select secret_hash from one_time_codes where account_id = $1", [account.user.id]);
    expect(stored!.secret_hash).not.toContain(code);
  });

  it("answers unknown emails and accounts without code sign-in the same 200, and emails nobody", async () => {
    const withoutCodeLogin = await createAccount();
    const unknown = uniqueEmail("ghost");
    const answers = await Promise.all([unknown, withoutCodeLogin.email].map((email) => call(sendSignInCode, { body: { email } })));
    const withCodeLogin = await accountWithCodeLogin();
    const reference = await call(sendSignInCode, { body: { email: withCodeLogin.email } });
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(reference.body);
    }
    await expectNoEmail(unknown);
    await expectNoEmail(withoutCodeLogin.email, 0);
    expect(await waitForEmail(withCodeLogin.email)).toBeTruthy();
  });

  it("refuses an expired code", async () => {
    const account = await accountWithCodeLogin();
    const code = await emailedCode(account);
    await sql("update one_time_codes set expires_at = now() - interval '1 second' where account_id = $1", [account.user.id]);
    expect((await call(verifySignInCode, { body: { email: account.email, code } })).error?.code).toBe("invalid_or_expired_code");
  });

  it("kills a code after 5 wrong tries", async () => {
    const account = await accountWithCodeLogin();
    const code = await emailedCode(account);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await call(verifySignInCode, { body: { email: account.email, code: wrong } })).status).toBe(400);
    }
    expect((await call(verifySignInCode, { body: { email: account.email, code } })).status).toBe(400);
  });

  it("binds a code to its account and purpose; a new code replaces the old", async () => {
    const [alice, bob] = await Promise.all([accountWithCodeLogin(), accountWithCodeLogin()]);
    const aliceCode = await emailedCode(alice);
    expect((await call(verifySignInCode, { body: { email: bob.email, code: aliceCode } })).status).toBe(400);
    const resetCode = await emailedCode(alice, forgotPassword, 2);
    expect((await call(verifySignInCode, { body: { email: alice.email, code: resetCode } })).status).toBe(
      aliceCode === resetCode ? 200 : 400,
    );
    const replaced = await emailedCode(alice, sendSignInCode, 3);
    if (replaced !== aliceCode) expect((await call(verifySignInCode, { body: { email: alice.email, code: aliceCode } })).status).toBe(400);
    expect((await call(verifySignInCode, { body: { email: alice.email, code: replaced } })).status).toBe(200);
  });

  it.each([
    [{ email: "a@example.test" }, "code"],
    [{ email: "a@example.test", code: "12345" }, "code"],
    [{ email: "nope", code: "123456" }, "email"],
    [{ email: "a@example.test", code: "123456", extra: 1 }, ""],
  ])("validates %j", async (body, path) => {
    const response = await call(verifySignInCode, { body });
    expect(response.status).toBe(400);
    expect(response.error?.errors?.map((error) => error.path)).toContain(path);
  });
});

describe("PUT /account/otp-login", () => {
  it("turns code sign-in on (fresh session) and off, and records it", async () => {
    const account = await createAccount();
    const on = await call(setOtpLogin, { token: account.accessToken, body: { enabled: true } });
    expect(on.body.data).toEqual({ otpLoginEnabled: true });
    expect((await call(getMe, { token: account.accessToken })).body.data.otpLoginEnabled).toBe(true);
    const off = await call(setOtpLogin, { token: account.accessToken, body: { enabled: false } });
    expect(off.body.data).toEqual({ otpLoginEnabled: false });
    const events = await sql("select 1 from activity_events where account_id = $1 and type = 'security.otp_login_changed'", [
      account.user.id,
    ]);
    expect(events).toHaveLength(2);
  });

  it("needs a session that signed in within 15 minutes to turn it on (403), not to turn it off", async () => {
    const account = await createAccount();
    await sql("update sessions set authenticated_at = now() - interval '16 minutes' where account_id = $1", [account.user.id]);
    const stale = await call(setOtpLogin, { token: account.accessToken, body: { enabled: true } });
    expect(stale.status).toBe(403);
    expect(stale.error?.code).toBe("reauthentication_required");
    expect((await call(setOtpLogin, { token: account.accessToken, body: { enabled: false } })).status).toBe(200);
  });

  it("answers 401 without a token and 400 for bad input", async () => {
    expect((await call(setOtpLogin, { body: { enabled: true } })).status).toBe(401);
    const account = await createAccount();
    expect((await call(setOtpLogin, { token: account.accessToken, body: { enabled: "yes" } })).status).toBe(400);
    expect((await call(setOtpLogin, { token: account.accessToken, body: {} })).status).toBe(400);
  });
});

describe("magic links", () => {
  it("emails a portal link built from APP_URL that signs in once", async () => {
    const account = await createAccount();
    expect((await call(sendMagicLink, { body: { email: account.email } })).status).toBe(200);
    const link = magicLinkIn(await waitForEmail(account.email))!;
    expect(link.startsWith(`${baseUrl().replace("127.0.0.1", "localhost")}/auth/magic-link?token=`)).toBe(true);
    const signedIn = await call(verifyMagicLink, { query: { token: tokenOf(link) } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.id).toBe(account.user.id);
    const reused = await call(verifyMagicLink, { query: { token: tokenOf(link) } });
    expect(reused.status).toBe(400);
    expect(reused.error?.code).toBe("invalid_or_expired_token");
  });

  it("gives two concurrent redemptions exactly one session", async () => {
    const account = await createAccount();
    await call(sendMagicLink, { body: { email: account.email } });
    const token = tokenOf(magicLinkIn(await waitForEmail(account.email))!);
    const answers = await Promise.all([1, 2, 3].map(() => call(verifyMagicLink, { query: { token } })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    const sessions = await sql("select 1 from sessions where account_id = $1 and sign_in_method = 'magic_link'", [account.user.id]);
    expect(sessions).toHaveLength(1);
  });

  it("refuses an expired or unknown token, and needs one", async () => {
    const account = await createAccount();
    await call(sendMagicLink, { body: { email: account.email } });
    const token = tokenOf(magicLinkIn(await waitForEmail(account.email))!);
    await sql("update one_time_codes set expires_at = now() - interval '1 second' where account_id = $1", [account.user.id]);
    expect((await call(verifyMagicLink, { query: { token } })).error?.code).toBe("invalid_or_expired_token");
    expect((await call(verifyMagicLink, { query: { token: "made-up" } })).status).toBe(400);
    expect((await call(verifyMagicLink)).error?.code).toBe("validation_error");
  });

  it("answers an unknown email 200 and emails nobody", async () => {
    const unknown = uniqueEmail("ghost");
    expect((await call(sendMagicLink, { body: { email: unknown } })).status).toBe(200);
    await expectNoEmail(unknown);
  });
});

describe("password reset", () => {
  it("sets the new password and signs out every session", async () => {
    const account = await createAccount();
    const code = await emailedCode(account, forgotPassword);
    const newPassword = strongPassword();
    const reset = await call(resetPassword, { body: { email: account.email, otp_code: code, new_password: newPassword } });
    expect(reset.status).toBe(200);
    expect((await call(getMe, { token: account.accessToken })).status).toBe(401);
    expect((await call(login, { body: { email: account.email, password: account.password } })).status).toBe(401);
    expect((await call(login, { body: { email: account.email, password: newPassword } })).status).toBe(200);
    expect(
      (await call(resetPassword, { body: { email: account.email, otp_code: code, new_password: strongPassword() } })).error?.code,
    ).toBe("invalid_or_expired_code");
    const [event] = await sql<{ metadata: { sessionsRevoked: number } }>(
      "select metadata from activity_events where account_id = $1 and type = 'account.password_reset'",
      [account.user.id],
    );
    expect(event!.metadata.sessionsRevoked).toBe(1);
  });

  it("refuses a common or short new password, and a wrong code, without spending a valid one", async () => {
    const account = await createAccount();
    const code = await emailedCode(account, forgotPassword);
    expect((await call(resetPassword, { body: { email: account.email, otp_code: code, new_password: "password1234" } })).error?.code).toBe(
      "validation_error",
    );
    expect((await call(resetPassword, { body: { email: account.email, otp_code: code, new_password: "short" } })).error?.code).toBe(
      "validation_error",
    );
    const wrong = code === "999999" ? "000000" : "999999";
    expect(
      (await call(resetPassword, { body: { email: account.email, otp_code: wrong, new_password: strongPassword() } })).error?.code,
    ).toBe("invalid_or_expired_code");
    expect((await call(resetPassword, { body: { email: account.email, otp_code: code, new_password: strongPassword() } })).status).toBe(
      200,
    );
  });

  it("answers an unknown email 200 and emails nobody", async () => {
    const unknown = uniqueEmail("ghost");
    expect((await call(forgotPassword, { body: { email: unknown } })).status).toBe(200);
    await expectNoEmail(unknown);
  });
});

describe("sending limits", () => {
  it("allows 5 emailed secrets per hour per email across the three endpoints, unknown emails included", async () => {
    for (const email of [uniqueEmail("limit-unknown"), (await createAccount()).email]) {
      const statuses: number[] = [];
      for (const endpoint of [sendSignInCode, sendMagicLink, forgotPassword, sendSignInCode, sendMagicLink, forgotPassword]) {
        statuses.push((await call(endpoint, { body: { email }, ip: randomIp() })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
  });
});
