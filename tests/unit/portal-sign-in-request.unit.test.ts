// The API request each way of signing in to the portal makes (next-auth's
// "password" Credentials provider, server/portal/auth-options.ts).
import { describe, expect, it } from "vitest";
import { signInRequestFor } from "@/server/portal/sign-in-request";

describe("signInRequestFor", () => {
  it.each([
    {
      name: "password (the default mode)",
      fields: { email: "a@example.test", password: "pw-pw-pw-pw-pw" },
      expected: { path: "/auth/login", method: "POST", body: { email: "a@example.test", password: "pw-pw-pw-pw-pw" } },
    },
    {
      name: "registration, with only the fields it takes",
      fields: { mode: "register", email: "a@example.test", password: "pw-pw-pw-pw-pw", username: "ann", planId: "pro", code: "123456" },
      expected: {
        path: "/auth/register",
        method: "POST",
        body: { email: "a@example.test", password: "pw-pw-pw-pw-pw", username: "ann", planId: "pro" },
      },
    },
    {
      name: "an emailed code",
      fields: { mode: "code", email: "a@example.test", code: "042917", password: "left over" },
      expected: { path: "/auth/otp/verify", method: "POST", body: { email: "a@example.test", code: "042917" } },
    },
    {
      name: "a provider sign-in's exchange code, with the browser binding passed on",
      fields: { mode: "oauth", code: "oxc_abc", email: "ignored@example.test" },
      expected: { path: "/auth/oauth/exchange", method: "POST", body: { code: "oxc_abc" }, forwardOAuthBinding: true },
    },
    {
      name: "an emailed link's token, encoded into the query",
      fields: { mode: "magic_link", token: "ab+c/d=&e f", email: "ignored@example.test" },
      expected: { path: "/auth/magic-link/verify?token=ab%2Bc%2Fd%3D%26e+f", method: "GET" },
    },
    {
      name: "the second factor, completing a challenge with only its token and code",
      fields: { mode: "challenge", challengeToken: "ch_abc", code: "123456", email: "a@example.test", password: "left over" },
      expected: { path: "/auth/2fa/challenge", method: "POST", body: { challengeToken: "ch_abc", code: "123456" } },
    },
    {
      name: "a recovery code instead of a TOTP code, passed on as typed",
      fields: { mode: "challenge", challengeToken: "ch_abc", code: "k7q2m-9xw4d" },
      expected: { path: "/auth/2fa/challenge", method: "POST", body: { challengeToken: "ch_abc", code: "k7q2m-9xw4d" } },
    },
  ])("$name", ({ fields, expected }) => {
    expect(signInRequestFor(fields)).toEqual(expected);
  });

  it("leaves missing fields out, so the API says what is missing", () => {
    const request = signInRequestFor({ mode: "code" });
    expect(JSON.parse(JSON.stringify(request!.body))).toEqual({});
    expect(JSON.parse(JSON.stringify(signInRequestFor({ mode: "challenge" })!.body))).toEqual({});
    expect(signInRequestFor(undefined)).toEqual({ path: "/auth/login", method: "POST", body: { email: undefined, password: undefined } });
  });

  it("round-trips the token exactly", () => {
    const token = "mlt_AbC-_09.~+/=";
    const { path } = signInRequestFor({ mode: "magic_link", token })!;
    expect(new URL(path, "http://api.invalid").searchParams.get("token")).toBe(token);
  });

  it.each(["sso", "", "LOGIN"])("refuses an unknown mode %j", (mode) => {
    expect(signInRequestFor({ mode, email: "a@example.test" })).toBeNull();
  });
});
