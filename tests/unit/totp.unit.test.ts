// Our TOTP checked against someone else's: RFC 6238's own test vectors and
// Debian's oathtool (`npm test` installs it when missing).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, hotp, matchingStep, newTotpSecret, provisioningUri, stepAt } from "@/server/security/totp";

const RFC_SECRET = base32Encode(Buffer.from("12345678901234567890")); // RFC 6238 appendix B, SHA-1

describe("TOTP", () => {
  it.each([
    [59, "287082"],
    [1111111109, "081804"],
    [1111111111, "050471"],
    [1234567890, "005924"],
    [2000000000, "279037"],
    [20000000000, "353130"],
  ])("matches RFC 6238's SHA-1 vector at T=%i", (seconds, expected) => {
    expect(hotp(RFC_SECRET, stepAt(new Date(seconds * 1000)))).toBe(expected);
  });

  it("round-trips base32", () => {
    const bytes = Buffer.from("any bytes at all \u0000\u00ff");
    expect(base32Decode(base32Encode(bytes)).equals(bytes)).toBe(true);
    expect(base32Decode(newTotpSecret())).toHaveLength(20);
  });

  it("accepts the previous, current and next step and nothing further", () => {
    const secret = newTotpSecret();
    const now = new Date();
    const step = stepAt(now);
    for (const offset of [-1, 0, 1]) expect(matchingStep(secret, hotp(secret, step + offset), now)).toBe(step + offset);
    for (const offset of [-2, 2]) {
      const code = hotp(secret, step + offset);
      const collides = [-1, 0, 1].some((near) => hotp(secret, step + near) === code);
      if (!collides) expect(matchingStep(secret, code, now)).toBeNull();
    }
    expect(matchingStep(secret, "12345", now)).toBeNull();
    expect(matchingStep(secret, "abcdef", now)).toBeNull();
  });

  it("agrees with oathtool", () => {
    expect(existsSync("/usr/bin/oathtool"), "install Debian's oathtool (npm test does it as root)").toBe(true);
    const secret = newTotpSecret();
    const fromOathtool = execFileSync("oathtool", ["--totp", "-b", secret], { encoding: "utf8" }).trim();
    expect(matchingStep(secret, fromOathtool, new Date())).not.toBeNull();
  });

  it("builds an otpauth:// provisioning URI authenticator apps read", () => {
    const uri = provisioningUri("JBSWY3DPEHPK3PXP", "ada@example.test", "Customer Email Service");
    const [label, query] = uri.split("?") as [string, string];
    expect(label).toBe("otpauth://totp/Customer%20Email%20Service%3Aada%40example.test");
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      secret: "JBSWY3DPEHPK3PXP",
      issuer: "Customer Email Service",
      algorithm: "SHA1",
      digits: "6",
      period: "30",
    });
  });
});
