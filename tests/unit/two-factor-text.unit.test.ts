// How the portal writes out the setup key and the recovery codes file.
import { describe, expect, it } from "vitest";
import { groupsOfFour, recoveryCodesFile } from "@/features/security/two-factor-text";

describe("groupsOfFour", () => {
  it("splits a 32-character key into 8 groups and keeps a short tail", () => {
    expect(groupsOfFour("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")).toEqual(["ABCD", "EFGH", "IJKL", "MNOP", "QRST", "UVWX", "YZ23", "4567"]);
    expect(groupsOfFour("JBSWY3DPEH")).toEqual(["JBSW", "Y3DP", "EH"]);
    expect(groupsOfFour("")).toEqual([]);
  });
});

describe("recoveryCodesFile", () => {
  it("names the account and the date, then lists every code on its own line", () => {
    const codes = Array.from({ length: 10 }, (_, index) => `aaaa${index}-bbbb${index}`);
    const text = recoveryCodesFile(codes, "ann@example.test", new Date("2026-03-04T22:10:00Z"));
    const lines = text.split("\n");
    expect(lines[0]).toBe("Customer Email Service: two-factor recovery codes");
    expect(lines).toContain("Account: ann@example.test");
    expect(lines).toContain("Created: 2026-03-04");
    expect(lines.filter((line) => /^[a-z0-9]{5}-[a-z0-9]{5}$/.test(line))).toEqual(codes);
    expect(text.endsWith("\n")).toBe(true);
  });
});
