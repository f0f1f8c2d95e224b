import { describe, expect, it } from "vitest";
import { pagePathOf } from "@/server/http/page-path";
import { pageSecurityHeaders, referrerPolicyFor } from "@/server/http/page-security-headers";

describe("referrer policy of pages (docs/api.md: auth pages send no referrer)", () => {
  it.each([
    { path: "/sign-in", expected: "no-referrer" },
    { path: "/sign-up", expected: "no-referrer" },
    { path: "/sign-in/anything", expected: "no-referrer" },
    { path: "/auth", expected: "no-referrer" },
    { path: "/auth/magic-link", expected: "no-referrer" },
    { path: "/sign-in/code", expected: "no-referrer" },
    { path: "/sign-in/link", expected: "no-referrer" },
    { path: "/forgot-password", expected: "no-referrer" },
    { path: "/reset-password", expected: "no-referrer" },
    { path: "/t/c/msg_0.sig", expected: "no-referrer" },
    { path: "/t/o/msg_0.sig", expected: "no-referrer" },
    { path: "/terms", expected: "strict-origin-when-cross-origin" },
    { path: "/", expected: "strict-origin-when-cross-origin" },
    { path: "/sessions", expected: "strict-origin-when-cross-origin" },
    { path: "/sign-inx", expected: "strict-origin-when-cross-origin" },
    { path: "/authors", expected: "strict-origin-when-cross-origin" },
    { path: "/docs/api", expected: "strict-origin-when-cross-origin" },
    { path: "/security", expected: "strict-origin-when-cross-origin" },
    { path: "/reset-passwords", expected: "strict-origin-when-cross-origin" },
  ])("$path → $expected", ({ path, expected }) => {
    expect(referrerPolicyFor(path)).toBe(expected);
    expect(pageSecurityHeaders("nonce", { pathname: path, isHttps: false, isDevelopment: false })["referrer-policy"]).toBe(expected);
  });
});

describe("pagePathOf (the path signed-in layouts return to)", () => {
  it.each([
    { url: "http://localhost/sessions", expected: "/sessions" },
    { url: "http://localhost/sessions?tab=all", expected: "/sessions?tab=all" },
    { url: "http://localhost/sessions?_rsc=abc", expected: "/sessions" },
    { url: "http://localhost/sessions?_rsc=abc&page=2", expected: "/sessions?page=2" },
  ])("$url → $expected", ({ url, expected }) => {
    expect(pagePathOf(new URL(url))).toBe(expected);
  });
});
