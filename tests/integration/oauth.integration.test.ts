// Sign-in with Google and GitHub (docs/oauth.md) against a real OpenID
// provider (oidc-provider) as the Google issuer and a local GitHub-shaped
// server, both started by the global setup: Google and GitHub are third
// parties outside this machine. The browser side is tests/support/oauth-browser.ts.
import { describe, expect, it } from "vitest";
import { getMe, login } from "@/shared/api/endpoints/auth";
import { sendMagicLink, verifyMagicLink } from "@/shared/api/endpoints/email-sign-in";
import { exchangeOAuthCode, listOAuthProviders, listSignInMethods } from "@/shared/api/endpoints/oauth";
import { listSessions } from "@/shared/api/endpoints/sessions";
import { completeTwoFactorChallenge, setupTwoFactor, verifyTwoFactor } from "@/shared/api/endpoints/two-factor";
import { createHash } from "node:crypto";
import { call, request } from "../support/api-client";
import { sql } from "../support/database";
import { createAccount, type TestAccount, uniqueEmail } from "../support/factories";
import { magicLinkIn, waitForEmail } from "../support/captured-email";
import { awayFromStepBoundary, oathtoolCode } from "../support/oathtool";
import {
  appUrl,
  authorizeAtProvider,
  deliverCallback,
  signInAtProvider,
  startSignIn,
  startUrl,
  TestBrowser,
} from "../support/oauth-browser";

const bindingCookie = "__Host-ces.oauth";
const providers = ["google", "github"] as const;

const exchange = (browser: TestBrowser | null, code: string) =>
  call(exchangeOAuthCode, {
    body: { code },
    ip: browser?.ip,
    headers: browser ? { cookie: browser.cookieHeader(appUrl()) } : {},
  });

function completeParams(url: URL) {
  expect(url.origin).toBe(appUrl());
  expect(url.pathname).toBe("/auth/oauth/complete");
  return url.searchParams;
}

/** An account whose email has been proven here (a magic link completed). */
async function provenAccount(): Promise<TestAccount> {
  const account = await createAccount();
  expect((await call(sendMagicLink, { body: { email: account.email } })).status).toBe(200);
  const token = new URL(magicLinkIn(await waitForEmail(account.email))!).searchParams.get("token")!;
  expect((await call(verifyMagicLink, { query: { token } })).status).toBeLessThan(402);
  return account;
}

async function signedIn(provider: "google" | "github", email = uniqueEmail(provider)) {
  const browser = new TestBrowser();
  const complete = await signInAtProvider(browser, provider, { email });
  const code = completeParams(complete).get("code")!;
  const exchanged = await exchange(browser, code);
  expect(exchanged.status).toBe(200);
  return { browser, email, code, payload: exchanged.body.data };
}

describe("GET /auth/oauth/providers", () => {
  it("lists the configured providers with their start paths", async () => {
    const response = await call(listOAuthProviders);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      { provider: "google", name: "Google", startUrl: "/auth/oauth/google" },
      { provider: "github", name: "GitHub", startUrl: "/auth/oauth/github" },
    ]);
  });
});

describe("starting a provider sign-in", () => {
  it("sends Google authorization code + PKCE S256 + state + nonce, and binds the browser with an HttpOnly cookie", async () => {
    const browser = new TestBrowser();
    const response = await browser.fetch(startUrl("google"));
    expect(response.status).toBe(302);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const location = new URL(response.headers.get("location")!);
    expect(location.searchParams.get("response_type")).toBe("code");
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get("state")!.length).toBeGreaterThanOrEqual(32);
    expect(location.searchParams.get("nonce")!.length).toBeGreaterThanOrEqual(32);
    expect(location.searchParams.get("redirect_uri")).toBe(`${appUrl()}/api/v1/auth/oauth/google/callback`);
    expect(location.searchParams.get("scope")).toBe("openid email profile");
    const setCookie = response.headers.getSetCookie().find((line) => line.startsWith(`${bindingCookie}=`))!;
    expect(setCookie).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Max-Age=900; Secure$/);
    // Only hashes and sealed values are stored.
    const state = location.searchParams.get("state")!;
    const [flow] = await sql<{ row: string }>("select row_to_json(f)::text as row from oauth_flows f where state_hash = $1", [
      createHash("sha256").update(`oauth-state:${state}`).digest("hex"),
    ]);
    expect(flow).toBeDefined();
    expect(flow!.row).not.toContain(state);
    expect(flow!.row).not.toContain(location.searchParams.get("nonce")!);
    expect(flow!.row).not.toContain(browser.cookie(new URL(appUrl()).host, bindingCookie)!);
  });

  it("sends GitHub authorization code + state (no PKCE), and keeps a browser's binding across two starts", async () => {
    const browser = new TestBrowser();
    const first = await startSignIn(browser, "github");
    const binding = browser.cookie(new URL(appUrl()).host, bindingCookie);
    const second = await startSignIn(browser, "github");
    expect(browser.cookie(new URL(appUrl()).host, bindingCookie)).toBe(binding);
    expect(first.origin + first.pathname).toMatch(/\/login\/oauth\/authorize$/);
    expect(first.searchParams.get("scope")).toBe("read:user user:email");
    expect(first.searchParams.get("code_challenge")).toBeNull();
    expect(first.searchParams.get("state")).not.toBe(second.searchParams.get("state"));
  });

  it("ignores a return target on another site, and keeps a same-site path", async () => {
    for (const target of ["https://evil.example/steal", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"]) {
      const complete = await signInAtProvider(new TestBrowser(), "google", { email: uniqueEmail("redirect") }, target);
      const params = completeParams(complete);
      expect(params.get("code")).toBeTruthy();
      expect(params.get("next")).toBeNull();
    }
    const kept = await signInAtProvider(new TestBrowser(), "github", { email: uniqueEmail("redirect") }, "/activity?page=2");
    expect(completeParams(kept).get("next")).toBe("/activity?page=2");
  });
});

describe.each(providers)("full sign-in with %s", (provider) => {
  it("creates a password-less account with the verified email, then signs the same identity in again", async () => {
    const { browser, email, code, payload } = await signedIn(provider);
    expect(code).toMatch(/^oxc_[\w-]{43}$/);
    expect(payload.user.email).toBe(email);
    expect(payload.tokenType).toBe("Bearer");
    const sessions = await call(listSessions, { token: payload.accessToken });
    expect(sessions.body.data[0]!.signInMethod).toBe(provider);
    const methods = await call(listSignInMethods, { token: payload.accessToken });
    expect(methods.status).toBe(200);
    expect(methods.body.data.hasPassword).toBe(false);
    // Both providers are configured for this server, so both may be linked.
    expect(methods.body.data.availableProviders).toEqual(["google", "github"]);
    expect(methods.body.data.identities).toEqual([
      { id: expect.stringMatching(/^oid_/), provider, email, createdAt: expect.any(String), lastUsedAt: expect.any(String) },
    ]);
    const [stored] = await sql<{ code_hash: string }>("select code_hash from oauth_exchange_codes where account_id = $1", [
      payload.user.id,
    ]);
    expect(stored!.code_hash).not.toContain(code);

    const again = await signInAtProvider(browser, provider, { email });
    const second = await exchange(browser, completeParams(again).get("code")!);
    expect(second.body.data.user.id).toBe(payload.user.id);
  });

  it("answers a reused exchange code with 400 invalid_or_expired_token", async () => {
    const { browser, code } = await signedIn(provider);
    const reused = await exchange(browser, code);
    expect(reused.status).toBe(400);
    expect(reused.error?.code).toBe("invalid_or_expired_token");
  });
});

describe("linking to existing accounts", () => {
  it("links a proven account by verified email and leaves its password alone", async () => {
    const account = await provenAccount();
    const { payload } = await signedIn("google", account.email);
    expect(payload.user.id).toBe(account.user.id);
    expect((await call(login, { body: { email: account.email, password: account.password } })).status).toBe(200);
    const methods = await call(listSignInMethods, { token: payload.accessToken });
    expect(methods.body.data.hasPassword).toBe(true);
    expect(methods.body.data.identities.map((identity) => identity.provider)).toEqual(["google"]);
  });

  it("takes over an account whose email was never proven: its password and sessions end", async () => {
    const squatter = await createAccount();
    const { payload } = await signedIn("github", squatter.email);
    expect(payload.user.id).toBe(squatter.user.id);
    expect((await call(getMe, { token: squatter.accessToken })).status).toBe(401);
    const passwordLogin = await call(login, { body: { email: squatter.email, password: squatter.password } });
    expect(passwordLogin.error?.code).toBe("invalid_credentials");
    expect((await call(getMe, { token: payload.accessToken })).status).toBe(200);
  });

  it.each(providers)("never links or creates an account for an unverified %s email", async (provider) => {
    const account = await provenAccount();
    const browser = new TestBrowser();
    const complete = await signInAtProvider(browser, provider, { email: account.email, emailVerified: false });
    expect(completeParams(complete).get("error")).toBe("email_not_verified");
    expect(completeParams(complete).get("code")).toBeNull();
    expect(await sql("select 1 from oauth_identities where account_id = $1", [account.user.id])).toEqual([]);
    expect((await call(login, { body: { email: account.email, password: account.password } })).status).toBe(200);

    const stranger = uniqueEmail("unverified");
    const refused = await signInAtProvider(new TestBrowser(), provider, { email: stranger, emailVerified: false });
    expect(completeParams(refused).get("error")).toBe("email_not_verified");
    expect(await sql("select 1 from accounts where email = $1", [stranger])).toEqual([]);
  });

  it("sends two-factor accounts through the challenge after the exchange", async () => {
    const account = await createAccount();
    await awayFromStepBoundary();
    const setup = await call(setupTwoFactor, { token: account.accessToken });
    const secret = setup.body.data.secret;
    expect((await call(verifyTwoFactor, { token: account.accessToken, body: { code: oathtoolCode(secret, -1) } })).status).toBe(200);
    expect((await call(sendMagicLink, { body: { email: account.email } })).status).toBe(200);
    const token = new URL(magicLinkIn(await waitForEmail(account.email))!).searchParams.get("token")!;
    expect((await call(verifyMagicLink, { query: { token } })).error?.code).toBe("two_factor_required");

    const browser = new TestBrowser();
    const complete = await signInAtProvider(browser, "google", { email: account.email });
    const exchanged = await exchange(browser, completeParams(complete).get("code")!);
    expect(exchanged.status).toBe(401);
    expect(exchanged.error?.code).toBe("two_factor_required");
    const challengeToken = exchanged.error!.challengeToken as string;
    const finished = await call(completeTwoFactorChallenge, { body: { challengeToken, code: oathtoolCode(secret) } });
    expect(finished.status).toBe(200);
    expect(finished.body.data.user.id).toBe(account.user.id);
    const sessions = await call(listSessions, { token: finished.body.data.accessToken });
    expect(sessions.body.data.find((session) => session.isCurrent)!.signInMethod).toBe("google");
  });
});

describe("state checks at the callback (302 to the complete page with error=invalid_state)", () => {
  const callbackOf = (provider: string, query: Record<string, string>) =>
    `${appUrl()}/api/v1/auth/oauth/${provider}/callback?${new URLSearchParams(query)}`;

  it("refuses a missing or unknown state", async () => {
    const browser = new TestBrowser();
    const authorizationUrl = await startSignIn(browser, "google");
    const callback = await authorizeAtProvider(browser, "google", authorizationUrl, { email: uniqueEmail() });
    const code = callback.searchParams.get("code")!;
    const queries: Record<string, string>[] = [
      { code },
      { code, state: "" },
      { code, state: "not-a-state" },
      { code, state: "x".repeat(600) },
    ];
    for (const query of queries) {
      const complete = await deliverCallback(browser, new URL(callbackOf("google", query)));
      expect(completeParams(complete).get("error")).toBe("invalid_state");
    }
  });

  it.each(providers)("refuses a replayed %s state", async (provider) => {
    const browser = new TestBrowser();
    const authorizationUrl = await startSignIn(browser, provider);
    const callback = await authorizeAtProvider(browser, provider, authorizationUrl, { email: uniqueEmail() });
    expect(completeParams(await deliverCallback(browser, callback)).get("code")).toBeTruthy();
    expect(completeParams(await deliverCallback(browser, callback)).get("error")).toBe("invalid_state");
  });

  it("refuses an expired state", async () => {
    const browser = new TestBrowser();
    const authorizationUrl = await startSignIn(browser, "github");
    const callback = await authorizeAtProvider(browser, "github", authorizationUrl, { email: uniqueEmail() });
    const stateHash = createHash("sha256")
      .update(`oauth-state:${callback.searchParams.get("state")}`)
      .digest("hex");
    await sql("update oauth_flows set expires_at = now() - interval '1 second' where state_hash = $1", [stateHash]);
    expect(completeParams(await deliverCallback(browser, callback)).get("error")).toBe("invalid_state");
  });

  it("refuses a state from another browser without spending it", async () => {
    const browser = new TestBrowser();
    const authorizationUrl = await startSignIn(browser, "google");
    const callback = await authorizeAtProvider(browser, "google", authorizationUrl, { email: uniqueEmail() });
    const attacker = new TestBrowser();
    expect(completeParams(await deliverCallback(attacker, callback)).get("error")).toBe("invalid_state");
    expect(completeParams(await deliverCallback(browser, callback)).get("code")).toBeTruthy();
  });

  it("refuses a Google state at the GitHub callback, and a Google code with a GitHub state fails at GitHub", async () => {
    const browser = new TestBrowser();
    const googleUrl = await startSignIn(browser, "google");
    const googleCallback = await authorizeAtProvider(browser, "google", googleUrl, { email: uniqueEmail() });
    const googleCode = googleCallback.searchParams.get("code")!;
    const crossed = await deliverCallback(
      browser,
      new URL(callbackOf("github", { code: googleCode, state: googleCallback.searchParams.get("state")! })),
    );
    expect(completeParams(crossed).get("error")).toBe("invalid_state");
    const githubState = (await startSignIn(browser, "github")).searchParams.get("state")!;
    const wrongCode = await deliverCallback(browser, new URL(callbackOf("github", { code: googleCode, state: githubState })));
    expect(completeParams(wrongCode).get("error")).toBe("provider_error");
  });

  it("fails when the PKCE verifier does not match the code's challenge", async () => {
    const browser = new TestBrowser();
    const first = await startSignIn(browser, "google");
    const second = await startSignIn(browser, "google");
    const callbackA = await authorizeAtProvider(browser, "google", first, { email: uniqueEmail() });
    // Code A (challenged with verifier A) presented with flow B's state: our server sends verifier B.
    const mixed = await deliverCallback(
      browser,
      new URL(
        callbackOf("google", {
          code: callbackA.searchParams.get("code")!,
          state: second.searchParams.get("state")!,
          iss: callbackA.searchParams.get("iss") ?? "",
        }),
      ),
    );
    expect(completeParams(mixed).get("error")).toBe("provider_error");
  });

  it("turns a declined authorization into provider_error", async () => {
    const browser = new TestBrowser();
    const state = (await startSignIn(browser, "github")).searchParams.get("state")!;
    const declined = await deliverCallback(browser, new URL(callbackOf("github", { error: "access_denied", state })));
    expect(completeParams(declined).get("error")).toBe("provider_error");
  });
});

describe("POST /auth/oauth/exchange", () => {
  it("needs the browser that started the flow, and a refused attempt does not spend the code", async () => {
    const browser = new TestBrowser();
    const code = completeParams(await signInAtProvider(browser, "github", { email: uniqueEmail() })).get("code")!;
    const withoutCookie = await exchange(null, code);
    expect(withoutCookie.status).toBe(400);
    expect(withoutCookie.error?.code).toBe("invalid_or_expired_token");
    const otherBrowser = new TestBrowser();
    await startSignIn(otherBrowser, "github");
    expect((await exchange(otherBrowser, code)).error?.code).toBe("invalid_or_expired_token");
    expect((await exchange(browser, code)).status).toBe(200);
  });

  it("refuses an expired code", async () => {
    const browser = new TestBrowser();
    const code = completeParams(await signInAtProvider(browser, "google", { email: uniqueEmail() })).get("code")!;
    await sql("update oauth_exchange_codes set expires_at = now() - interval '1 second' where code_hash = $1", [
      createHash("sha256").update(`oauth-exchange:${code}`).digest("hex"),
    ]);
    expect((await exchange(browser, code)).error?.code).toBe("invalid_or_expired_token");
  });

  it("answers bad input with 400 and field paths, and non-JSON with 415", async () => {
    const missing = await call(exchangeOAuthCode, { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.error?.errors?.map((error) => error.path)).toEqual(["code"]);
    const extra = await call(exchangeOAuthCode, { body: { code: "x", redirect: "https://evil.example" } });
    expect(extra.status).toBe(400);
    expect(extra.error?.code).toBe("validation_error");
    const wrongType = await call(exchangeOAuthCode, { body: { code: 42 } });
    expect(wrongType.error?.errors?.[0]?.path).toBe("code");
    const notJson = await request("/auth/oauth/exchange", {
      method: "POST",
      body: "code=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(notJson.status).toBe(415);
    expect((await call(exchangeOAuthCode, { body: { code: "oxc_unknown" } })).error?.code).toBe("invalid_or_expired_token");
  });
});

describe("GET /account/sign-in-methods", () => {
  it("needs a bearer token", async () => {
    const response = await call(listSignInMethods);
    expect(response.status).toBe(401);
    expect(response.error?.code).toBe("unauthorized");
  });

  it("shows a password account without identities, and never another account's", async () => {
    const account = await createAccount();
    await signedIn("google");
    const methods = await call(listSignInMethods, { token: account.accessToken });
    expect(methods.body.data).toEqual({ hasPassword: true, identities: [], availableProviders: ["google", "github"] });
  });
});

describe("wrong methods", () => {
  it("answers 405 with the envelope on the OAuth routes", async () => {
    for (const path of ["/auth/oauth/google", "/auth/oauth/github/callback", "/auth/oauth/exchange", "/auth/oauth/providers"]) {
      const response = await request(path, { method: "DELETE" });
      expect(response.status).toBe(405);
      expect(response.error?.code).toBe("method_not_allowed");
    }
  });
});
