import { domainToASCII } from "node:url";
import { describe, expect, it } from "vitest";
import { hasLostRequiredRecord, nextDomainStatus, VERIFICATION_WINDOW_MS } from "@/server/services/domains/domain-status";
import { normalizeDomainName } from "@/server/services/domains/normalize-domain-name";
import {
  cnameMatches,
  dkimKeyMatches,
  dmarcPolicyValid,
  parseTagList,
  recordStatusOf,
  spfIncludes,
} from "@/server/services/domains/record-checks";

describe("normalizeDomainName", () => {
  it.each([
    ["Example.COM", "example.com"],
    ["  mail.example.com.  ", "mail.example.com"],
    ["bücher.example", domainToASCII("bücher.example")],
    ["xn--bcher-kva.example", "xn--bcher-kva.example"],
    ["a-b.c-d.example", "a-b.c-d.example"],
  ])("%j → %j", (input, expected) => {
    expect(normalizeDomainName(input)).toEqual({ ok: true, name: expected });
  });

  it.each([
    "",
    "192.0.2.1",
    "2001:db8::1",
    "[2001:db8::1]",
    "1.2.3",
    "0x7f.1",
    "example",
    "localhost",
    "mail.localhost",
    `${"a".repeat(64)}.example.com`,
    `${"abcdefghi.".repeat(26)}com`,
    "-bad.example.com",
    "bad-.example.com",
    "exa_mple.com",
    "*.example.com",
    "example..com",
    "example.com/path",
    "user@example.com",
    "example.com:25",
    "exa mple.com",
    "_spf.localhost",
  ])("refuses %j", (input) => {
    const result = normalizeDomainName(input);
    expect(result.ok).toBe(false);
  });
});

describe("record checks", () => {
  it("SPF: one v=spf1 record including our domain with a pass qualifier", () => {
    expect(spfIncludes(["v=spf1 include:_spf.localhost ~all"], "_spf.localhost")).toBe(true);
    expect(spfIncludes(["google-site-verification=x", "v=spf1 ip4:192.0.2.1 +include:_SPF.localhost -all"], "_spf.localhost")).toBe(true);
    expect(spfIncludes(["v=spf1 include:_spf.localhost ~all", "v=spf1 -all"], "_spf.localhost")).toBe(false); // two records: permerror
    expect(spfIncludes(["v=spf1 include:other.example ~all"], "_spf.localhost")).toBe(false);
    expect(spfIncludes(["v=spf1 -include:_spf.localhost ~all"], "_spf.localhost")).toBe(false);
    expect(spfIncludes(["include:_spf.localhost"], "_spf.localhost")).toBe(false);
    expect(spfIncludes([], "_spf.localhost")).toBe(false);
  });

  it("DKIM: the p= key must be ours, whitespace aside", () => {
    expect(dkimKeyMatches(["v=DKIM1; k=rsa; p=ABCDEF"], "ABCDEF")).toBe(true);
    expect(dkimKeyMatches(["v=DKIM1;k=rsa;p=ABC DEF"], "ABCDEF")).toBe(true);
    expect(dkimKeyMatches(["p=ABCDEF"], "ABCDEF")).toBe(true);
    expect(dkimKeyMatches(["v=DKIM1; k=rsa; p=OTHER"], "ABCDEF")).toBe(false);
    expect(dkimKeyMatches(["v=DKIM1; k=ed25519; p=ABCDEF"], "ABCDEF")).toBe(false);
    expect(dkimKeyMatches(["v=DKIM1; k=rsa; p="], "ABCDEF")).toBe(false);
  });

  it("DMARC: exactly one record with a valid policy", () => {
    expect(dmarcPolicyValid(["v=DMARC1; p=none;"])).toBe(true);
    expect(dmarcPolicyValid(["v=DMARC1;p=reject;rua=mailto:d@example.com"])).toBe(true);
    expect(dmarcPolicyValid(["v=DMARC1; p=quarantine; pct=50"])).toBe(true);
    expect(dmarcPolicyValid(["v=DMARC1; p=maybe"])).toBe(false);
    expect(dmarcPolicyValid(["v=DMARC1; rua=mailto:d@example.com"])).toBe(false);
    expect(dmarcPolicyValid(["p=none; v=DMARC1"])).toBe(false);
    expect(dmarcPolicyValid(["v=DMARC1; p=none", "v=DMARC1; p=reject"])).toBe(false);
  });

  it("tag lists keep the first value of a tag", () => {
    expect(Object.fromEntries(parseTagList(" v = DKIM1 ; p = a b ; p=second"))).toEqual({ v: "DKIM1", p: "a b" });
  });

  it("CNAME and lookup outcomes", () => {
    expect(cnameMatches(["bounces.localhost"], "bounces.localhost")).toBe(true);
    expect(cnameMatches(["elsewhere.example"], "bounces.localhost")).toBe(false);
    const always = () => true;
    expect(recordStatusOf({ kind: "found", values: ["x"] }, always)).toBe("verified");
    expect(recordStatusOf({ kind: "missing" }, always)).toBe("failed");
    expect(recordStatusOf({ kind: "unreachable", code: "ETIMEOUT" }, always)).toBe("temporary_failure");
  });
});

describe("nextDomainStatus", () => {
  const created = new Date("2030-01-01T00:00:00Z");
  const later = (ms: number) => new Date(created.getTime() + ms);
  const records = (ownership: string, dmarc = "failed") =>
    [
      { required: true, status: ownership },
      { required: true, status: "verified" },
      { required: false, status: dmarc },
    ] as { required: boolean; status: "pending" | "verified" | "failed" | "temporary_failure" }[];

  it("verified once every required record passes, DMARC or not", () => {
    expect(nextDomainStatus({ createdAt: created, verifiedAt: null }, records("verified"), later(1000))).toBe("verified");
  });

  it("pending within 72 hours, failed after; DNS trouble is never a failure", () => {
    expect(nextDomainStatus({ createdAt: created, verifiedAt: null }, records("failed"), later(VERIFICATION_WINDOW_MS - 1))).toBe(
      "pending",
    );
    expect(nextDomainStatus({ createdAt: created, verifiedAt: null }, records("failed"), later(VERIFICATION_WINDOW_MS))).toBe("failed");
    expect(
      nextDomainStatus({ createdAt: created, verifiedAt: null }, records("temporary_failure"), later(VERIFICATION_WINDOW_MS * 2)),
    ).toBe("temporary_failure");
  });

  it("a verified domain that loses a required record is a temporary failure, not failed", () => {
    expect(nextDomainStatus({ createdAt: created, verifiedAt: later(1) }, records("failed"), later(VERIFICATION_WINDOW_MS * 3))).toBe(
      "temporary_failure",
    );
    expect(hasLostRequiredRecord(records("failed"))).toBe(true);
    expect(hasLostRequiredRecord(records("temporary_failure"))).toBe(false);
    expect(hasLostRequiredRecord(records("verified", "failed"))).toBe(false);
  });
});
