// The pure parts of /settings, /activity and the portal's BFF behind them.
import { describe, expect, it } from "vitest";
import { describeActivityType } from "@/features/activity/describe-activity";
import { pageFromSearchParam } from "@/features/activity/page-param";
import { describeTimeout, sessionTimeoutPresets, timeoutOptions } from "@/features/settings/session-timeouts";
import { apiEndedSession } from "@/server/portal/api-ended-session";
import { securityPreferencesBody } from "@/shared/schemas/settings";

const envelope = (code: string) => JSON.stringify({ success: false, message: "…", data: { code } });

describe("apiEndedSession (which API answers end the portal session)", () => {
  it.each([
    { status: 401, body: envelope("unauthorized"), ended: true },
    { status: 401, body: envelope("refresh_token_reused"), ended: true },
    { status: 401, body: "<html>not ours</html>", ended: true },
    { status: 401, body: JSON.stringify({ success: false }), ended: true },
    // A wrong current password or two-factor code answers the request; the session lives on.
    { status: 401, body: envelope("invalid_credentials"), ended: false },
    { status: 401, body: envelope("invalid_two_factor_code"), ended: false },
    { status: 403, body: envelope("reauthentication_required"), ended: false },
    { status: 200, body: JSON.stringify({ success: true, data: null }), ended: false },
  ])("$status $body → $ended", ({ status, body, ended }) => {
    expect(apiEndedSession(status, body)).toBe(ended);
  });
});

describe("session timeout choices", () => {
  it("names the presets in words", () => {
    expect(sessionTimeoutPresets.map((minutes) => describeTimeout(minutes))).toEqual([
      "15 minutes",
      "1 hour",
      "8 hours",
      "1 day",
      "7 days",
      "30 days",
    ]);
    expect(describeTimeout(90)).toBe("1 hour 30 minutes");
    expect(describeTimeout(1_500)).toBe("1 day 1 hour");
  });

  it("every preset is a value the API accepts", () => {
    for (const minutes of sessionTimeoutPresets) {
      expect(securityPreferencesBody.safeParse({ sessionTimeoutMinutes: minutes }).success, String(minutes)).toBe(true);
    }
  });

  it("marks the default, and keeps a value set elsewhere in order", () => {
    expect(timeoutOptions(10_080).find((option) => option.value === 10_080)?.label).toBe("7 days (default)");
    expect(timeoutOptions(10_080)).toHaveLength(6);
    const withCustom = timeoutOptions(90);
    expect(withCustom.map((option) => option.value)).toEqual([15, 60, 90, 480, 1_440, 10_080, 43_200]);
  });
});

describe("activity page parameter", () => {
  it.each([
    [undefined, 1],
    ["1", 1],
    ["3", 3],
    [["4", "5"], 4],
    ["0", 1],
    ["-2", 1],
    ["2.5", 1],
    ["abc", 1],
    ["9999999", 1],
  ] as const)("%j → %i", (value, page) => {
    expect(pageFromSearchParam(value as string | string[] | undefined)).toBe(page);
  });
});

describe("activity type names", () => {
  it("names known types and keeps unknown ones readable", () => {
    expect(describeActivityType("auth.login")).toEqual({ label: "Sign-in", tone: "positive" });
    expect(describeActivityType("auth.login_failed").tone).toBe("danger");
    expect(describeActivityType("domain.verified")).toEqual({ label: "domain.verified", tone: "neutral" });
    expect(describeActivityType("relay.test_failed").tone).toBe("danger");
  });
});
