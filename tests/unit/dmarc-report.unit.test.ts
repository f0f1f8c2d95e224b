// Reading DMARC aggregate reports (server/services/dmarc/): the XML shapes
// receivers send, the refusals, and the reverse names of sources.
import { describe, expect, it } from "vitest";
import { parseAggregateReport } from "@/server/services/dmarc/parse-aggregate-report";
import { domainIdOfReportAddress } from "@/server/services/dmarc/report-address";
import { reverseLookupName } from "@/server/services/dmarc/reverse-names";

const report = (records: string, policy = "<domain>Shop.Example.</domain><p>reject</p><pct>50</pct>") =>
  Buffer.from(`<?xml version="1.0"?>
<feedback xmlns="urn:ietf:params:xml:ns:dmarc-2.0">
  <version>1.0</version>
  <report_metadata><org_name>Yahoo</org_name><report_id>1700000000.123</report_id>
    <date_range><begin>1700000000</begin><end>1700086400</end></date_range></report_metadata>
  <policy_published>${policy}</policy_published>
  ${records}
</feedback>`);

const record = (ip: string, evaluated: string) =>
  `<record><row><source_ip>${ip}</source_ip><count>7</count><policy_evaluated>${evaluated}</policy_evaluated></row>
   <identifiers><header_from>shop.example</header_from></identifiers>
   <auth_results><dkim><domain>shop.example</domain><result>pass</result></dkim><spf><domain>shop.example</domain><result>fail</result></spf></auth_results></record>`;

describe("a DMARC aggregate report", () => {
  it("reads one record as a list, its verdicts, its policy (lower case, no trailing dot) and its dates", () => {
    const parsed = parseAggregateReport(
      report(record("198.51.100.7", "<disposition>reject</disposition><dkim>pass</dkim><spf>fail</spf>")),
    );
    expect(parsed).toMatchObject({
      reporter: "Yahoo",
      reporterEmail: null,
      reportId: "1700000000.123",
      begin: new Date(1_700_000_000_000),
      end: new Date(1_700_086_400_000),
      policy: { domain: "shop.example", p: "reject", pct: 50, sp: null },
    });
    expect(parsed.rows).toEqual([
      {
        sourceIp: "198.51.100.7",
        count: 7,
        disposition: "reject",
        dkimAligned: true,
        spfAligned: false,
        headerFrom: "shop.example",
        dkimResults: [{ domain: "shop.example", result: "pass", selector: null, scope: null }],
        spfResults: [{ domain: "shop.example", result: "fail", selector: null, scope: null }],
      },
    ]);
  });

  it("takes a report without records, and a verdict missing as a failure", () => {
    expect(parseAggregateReport(report("")).rows).toEqual([]);
    expect(parseAggregateReport(report(record("198.51.100.7", "<disposition>none</disposition>"))).rows[0]).toMatchObject({
      dkimAligned: false,
      spfAligned: false,
      disposition: "none",
    });
  });

  it.each([
    ["an entity declaration", `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><feedback/>`, /DOCTYPE/],
    ["an external entity", `<?xml version="1.0"?><!DOCTYPE x SYSTEM "file:///etc/passwd"><feedback/>`, /DOCTYPE/],
    ["unclosed tags", "<feedback><report_metadata>", /well-formed/],
    ["a source that is no address", report(record("not-an-ip", "<dkim>pass</dkim>")).toString(), /source_ip/],
    [
      "a count that is no number",
      report(record("198.51.100.7", "<dkim>pass</dkim>")).toString().replace("<count>7", "<count>seven"),
      /count/,
    ],
    ["no metadata", "<feedback><policy_published><domain>x</domain></policy_published></feedback>", /report_metadata/],
  ])("refuses %s", (_, xml, message) => {
    expect(() => parseAggregateReport(Buffer.from(xml))).toThrow(message);
  });
});

describe("report addresses and reverse names", () => {
  it("name a domain by its id's hex at the service's mail host only", () => {
    const hex = "0123456789abcdef01234567";
    expect(domainIdOfReportAddress(`DMARC+${hex.toUpperCase()}@localhost`)).toBe(`dom_${hex}`);
    expect(domainIdOfReportAddress(`dmarc+${hex}@elsewhere.example`)).toBeNull();
    expect(domainIdOfReportAddress(`dmarc+${hex}00@localhost`)).toBeNull();
    expect(domainIdOfReportAddress(`postmaster@localhost`)).toBeNull();
  });

  it("are looked up under in-addr.arpa and ip6.arpa", () => {
    expect(reverseLookupName("192.0.2.10")).toBe("10.2.0.192.in-addr.arpa");
    expect(reverseLookupName("2001:db8::1")).toBe("1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa");
  });
});
