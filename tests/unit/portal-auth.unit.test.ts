// The pure parts of the portal's sign-in: where to go afterwards, and how the
// API's error reaches the form.
import { describe, expect, it } from "vitest";
import { safeCallbackUrl, signInUrl } from "@/shared/safe-callback-url";
import { failureMessage, formatRetryAfter, parseSignInError } from "@/features/auth/sign-in-error";
import { isEndedSession } from "@/shared/api/ended-session";

describe("safeCallbackUrl (no open redirect after sign-in)", () => {
  it.each([
    { value: "/sessions", expected: "/sessions" },
    { value: "/sessions?page=2#top", expected: "/sessions?page=2#top" },
    { value: "/docs/api", expected: "/docs/api" },
    { value: undefined, expected: "/dashboard" },
    { value: "", expected: "/dashboard" },
    { value: ["/docs/api", "/other"], expected: "/docs/api" },
    { value: "//evil.example", expected: "/dashboard" },
    { value: "//evil.example/sessions", expected: "/dashboard" },
    { value: "/\\evil.example", expected: "/dashboard" },
    { value: "/\tevil", expected: "/dashboard" },
    { value: "https://evil.example/", expected: "/dashboard" },
    { value: "javascript:alert(1)", expected: "/dashboard" },
    { value: "sessions", expected: "/dashboard" },
    { value: "/sign-in", expected: "/dashboard" },
    { value: "/sign-up?callbackUrl=/x", expected: "/dashboard" },
    { value: "/%2F%2Fevil.example", expected: "/%2F%2Fevil.example" },
  ])("$value → $expected", ({ value, expected }) => {
    expect(safeCallbackUrl(value)).toBe(expected);
  });

  it("builds the sign-in link that returns to a page", () => {
    expect(signInUrl("/sessions")).toBe("/sign-in?callbackUrl=%2Fsessions");
    expect(signInUrl("//evil.example")).toBe("/sign-in");
  });
});

describe("parseSignInError (the API's error carried through next-auth)", () => {
  it("reads the message, code and field errors", () => {
    const raw = JSON.stringify({
      message: "This password is too common. Choose one that is harder to guess.",
      code: "validation_error",
      errors: [{ path: "password", message: "This password is too common" }],
    });
    expect(parseSignInError(raw)).toEqual({
      message: "This password is too common. Choose one that is harder to guess.",
      code: "validation_error",
      errors: [{ path: "password", message: "This password is too common" }],
    });
  });

  it("keeps the retry time of a rate limit and says it", () => {
    const failure = parseSignInError(
      JSON.stringify({ message: "Too many failed sign-in attempts.", code: "rate_limited", retryAfterSeconds: 600 }),
    );
    expect(failure.retryAfterSeconds).toBe(600);
    expect(failureMessage(failure)).toBe("Too many failed sign-in attempts. You can try again in 10 minutes.");
  });

  it("keeps the challenge token of a sign-in that needs a second factor", () => {
    const raw = JSON.stringify({
      message: "Enter the code from your authenticator app.",
      code: "two_factor_required",
      challengeToken: "ch_abc",
    });
    expect(parseSignInError(raw)).toEqual({
      message: "Enter the code from your authenticator app.",
      code: "two_factor_required",
      errors: [],
      challengeToken: "ch_abc",
    });
    expect(parseSignInError(JSON.stringify({ message: "Wrong.", code: "invalid_two_factor_code" })).challengeToken).toBeUndefined();
  });

  it.each([null, undefined, "", "CredentialsSignin", "{}", JSON.stringify({ message: 1, code: "x" })])(
    "falls back to a generic message for %j",
    (raw) => {
      expect(parseSignInError(raw)).toEqual({ code: "unknown", message: "Something went wrong. Please try again.", errors: [] });
    },
  );

  it.each([
    { seconds: 1, expected: "1 second" },
    { seconds: 45, expected: "45 seconds" },
    { seconds: 60, expected: "1 minute" },
    { seconds: 61, expected: "2 minutes" },
    { seconds: 3599, expected: "60 minutes" },
    { seconds: 3600, expected: "1 hour" },
    { seconds: 7200, expected: "2 hours" },
  ])("formats a wait of $seconds s as $expected", ({ seconds, expected }) => {
    expect(formatRetryAfter(seconds)).toBe(expected);
  });
});

describe("isEndedSession (when a 401 signs the portal out)", () => {
  it.each([
    { status: 401, code: "unauthorized", expected: true },
    { status: 401, code: "refresh_token_reused", expected: true },
    { status: 401, code: undefined, expected: true },
    { status: 401, code: "invalid_credentials", expected: false },
    { status: 401, code: "invalid_two_factor_code", expected: false },
    { status: 403, code: "reauthentication_required", expected: false },
    { status: 200, code: undefined, expected: false },
  ])("$status $code → $expected", ({ status, code, expected }) => {
    expect(isEndedSession(status, code)).toBe(expected);
  });
});
