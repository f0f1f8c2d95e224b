import { describe, expect, it } from "vitest";
import { ipRateLimitSubject } from "@/server/services/rate-limit/ip-rate-limit-subject";

describe("ipRateLimitSubject", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:DB8:0001:0002::1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1:2:3:4", "fe80:0:0:0::/64"],
    ["64:ff9b::192.0.2.1", "64:ff9b:0:0::/64"],
    ["unknown", "unknown"],
  ])("keys %s on %s", (ip, subject) => {
    expect(ipRateLimitSubject(ip)).toBe(subject);
  });

  it("gives every address of one /64 the same subject, and neighbouring /64s different ones", () => {
    expect(new Set(["2001:db8:a:b::1", "2001:db8:a:b:dead:beef:0:1", "2001:db8:a:b:ffff::"].map(ipRateLimitSubject)).size).toBe(1);
    expect(ipRateLimitSubject("2001:db8:a:b::1")).not.toBe(ipRateLimitSubject("2001:db8:a:c::1"));
  });
});
