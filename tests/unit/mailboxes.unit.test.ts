// The pure rules of hosted mailboxes: which addresses are accepted, when the
// MX record passes, the receiving status, and the autoconfig answer.
import { describe, expect, it } from "vitest";
import { autoconfigHostDomain } from "@/server/http/autoconfig-response";
import { autoconfigXml } from "@/server/mail-store/autoconfig";
import { nextReceivingStatus } from "@/server/services/domains/receiving-status";
import { mxPointsAt } from "@/server/services/domains/record-checks";
import { createAliasBody, isAliasAddress } from "@/shared/schemas/mailbox-aliases";
import { createMailboxBody, isMailboxAddress } from "@/shared/schemas/mailboxes";

describe("mailbox addresses", () => {
  it.each(["ada@example.com", "a.b-c_d@mail.example.co.uk", "9@x.io"])("accepts %s", (address) => {
    expect(isMailboxAddress(address)).toBe(true);
  });
  it.each([
    "ada",
    "@example.com",
    "ada+news@example.com",
    ".ada@example.com",
    "ada.@example.com",
    "a..b@example.com",
    "ada@localhost",
    "Ada@example.com",
    `${"a".repeat(65)}@example.com`,
  ])("refuses %s", (address) => {
    expect(isMailboxAddress(address)).toBe(false);
  });
  it("lower-cases and trims before judging; aliases may be the catch-all", () => {
    expect(createMailboxBody.parse({ address: " Ada@Example.COM ", password: "a-long-password" }).address).toBe("ada@example.com");
    expect(isAliasAddress("*@example.com")).toBe(true);
    expect(isAliasAddress("**@example.com")).toBe(false);
    expect(isAliasAddress("sales*@example.com")).toBe(false);
    expect(createAliasBody.safeParse({ address: "*@example.com", destinations: [] }).success).toBe(false);
  });
});

describe("mxPointsAt", () => {
  it("passes when the host is among the most preferred MX hosts", () => {
    expect(mxPointsAt(["10 mail.example.net"], "mail.example.net")).toBe(true);
    expect(mxPointsAt(["10 backup.example.org", "10 mail.example.net."], "mail.example.net")).toBe(true);
    expect(mxPointsAt(["5 mx.elsewhere.example", "10 mail.example.net"], "mail.example.net")).toBe(false);
    expect(mxPointsAt(["10 MAIL.example.net"], "mail.example.net")).toBe(true);
    expect(mxPointsAt([], "mail.example.net")).toBe(false);
  });
});

describe("nextReceivingStatus", () => {
  const records = (ownership: string, mx: string) =>
    [
      { purpose: "ownership", status: ownership },
      { purpose: "spf", status: "failed" },
      { purpose: "mx", status: mx },
    ] as Parameters<typeof nextReceivingStatus>[1];
  const never = { receivingStatus: "pending" as const, records: [] };

  it("is verified with ownership and MX, whatever the sending records", () => {
    expect(nextReceivingStatus(never, records("verified", "verified"), "pending")).toBe("verified");
  });
  it("stays pending without an MX record, and follows a failed domain", () => {
    expect(nextReceivingStatus(never, records("verified", "failed"), "verified")).toBe("pending");
    expect(nextReceivingStatus(never, records("failed", "failed"), "failed")).toBe("failed");
  });
  it("is temporary_failure when DNS does not answer, or when a receiving domain loses its MX (until it is back)", () => {
    expect(nextReceivingStatus(never, records("verified", "temporary_failure"), "verified")).toBe("temporary_failure");
    const receiving = { receivingStatus: "verified" as const, records: records("verified", "verified") };
    const lost = nextReceivingStatus(receiving, records("verified", "failed"), "verified");
    expect(lost).toBe("temporary_failure");
    expect(
      nextReceivingStatus({ receivingStatus: lost, records: records("verified", "failed") }, records("verified", "failed"), "verified"),
    ).toBe("temporary_failure");
    // A DNS outage on a domain that never received does not make it look lost afterwards.
    const outage = { receivingStatus: "temporary_failure" as const, records: records("verified", "temporary_failure") };
    expect(nextReceivingStatus(outage, records("verified", "failed"), "verified")).toBe("pending");
  });
});

describe("autoconfig", () => {
  it("names the domain of an autoconfig.<domain> host only", () => {
    expect(autoconfigHostDomain("autoconfig.Example.com:3000")).toBe("example.com");
    expect(autoconfigHostDomain("portal.example.com")).toBeNull();
    expect(autoconfigHostDomain(null)).toBeNull();
  });

  it("lists the servers that are on, with Thunderbird's socket types", () => {
    const xml = autoconfigXml("example.com", {
      imap: { host: "mail.example.net", port: 993, security: "ssl_tls" },
      pop3: null,
      smtp: [{ host: "mail.example.net", port: 587, security: "starttls" }],
      autoconfigUrl: "https://portal.example.net/.well-known/autoconfig/mail/config-v1.1.xml",
    });
    expect(xml).toContain('<emailProvider id="example.com">');
    expect(xml).toContain('<incomingServer type="imap">');
    expect(xml).toContain("<socketType>SSL</socketType>");
    expect(xml).toContain("<socketType>STARTTLS</socketType>");
    expect(xml).not.toContain('type="pop3"');
  });
});
