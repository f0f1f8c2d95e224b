// How the sessions page names devices and times.
import { describe, expect, it } from "vitest";
import { describeSignInMethod, describeUserAgent } from "@/features/sessions/describe-user-agent";
import { formatRelativeTime, formatUtcDateTime } from "@/components/format-time";

describe("describeUserAgent", () => {
  it.each([
    {
      ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
      label: "Chrome on Windows",
      kind: "desktop",
    },
    {
      ua: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
      label: "Safari on macOS",
      kind: "desktop",
    },
    {
      ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0",
      label: "Edge on Windows",
      kind: "desktop",
    },
    { ua: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", label: "Firefox on Linux", kind: "desktop" },
    {
      ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      label: "Safari on iOS",
      kind: "mobile",
    },
    {
      ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1",
      label: "Chrome on iOS",
      kind: "mobile",
    },
    {
      ua: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      label: "Chrome on Android",
      kind: "mobile",
    },
    {
      ua: "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      label: "Safari on iPadOS",
      kind: "tablet",
    },
    {
      ua: "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      label: "Chrome on ChromeOS",
      kind: "desktop",
    },
    { ua: "curl/8.5.0", label: "curl", kind: "client" },
    { ua: "PostmanRuntime/7.39.0", label: "Postman", kind: "client" },
    { ua: "python-requests/2.32.3", label: "Python", kind: "client" },
    { ua: "node", label: "Node.js", kind: "client" },
    { ua: "AcmeMailer/2.1 (+https://acme.example)", label: "AcmeMailer", kind: "client" },
    { ua: null, label: "Unknown device", kind: "unknown" },
    { ua: "   ", label: "Unknown device", kind: "unknown" },
  ])("$label", ({ ua, label, kind }) => {
    expect(describeUserAgent(ua)).toEqual({ label, kind });
  });

  it("names sign-in methods", () => {
    expect(describeSignInMethod("password")).toBe("Password");
    expect(describeSignInMethod("magic_link")).toBe("Magic link");
    expect(describeSignInMethod("github")).toBe("GitHub");
    expect(describeSignInMethod("some_new_method")).toBe("some new method");
  });
});

describe("formatRelativeTime", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  it.each([
    { at: "2026-03-10T11:59:30Z", expected: "just now" },
    { at: "2026-03-10T11:55:00Z", expected: "5 minutes ago" },
    { at: "2026-03-10T10:00:00Z", expected: "2 hours ago" },
    { at: "2026-03-09T11:00:00Z", expected: "yesterday" },
    { at: "2026-02-24T12:00:00Z", expected: "2 weeks ago" },
    { at: "2026-03-17T12:00:00Z", expected: "next week" },
  ])("$at → $expected", ({ at, expected }) => {
    expect(formatRelativeTime(at, now, "en")).toBe(expected);
  });
});

describe("formatUtcDateTime", () => {
  // The dashboard's server render and its hydration write times this way: the same text on any machine.
  it("writes the UTC minute", () => {
    expect(formatUtcDateTime("2026-03-10T23:30:59.900Z")).toBe("2026-03-10 23:30 UTC");
  });
});
