// DMARC aggregate reports end to end: the domain's recommended DMARC record
// names its report address; reports written as receivers write them (XML,
// gzipped by node:zlib, zipped by Python's zipfile) are delivered to the
// app's MX by nodemailer and read back through the API, with their sources,
// reverse names and alignment, and in the event feed. Bombs, oversized,
// malformed, duplicate and misaddressed reports are refused or ignored with
// nothing stored.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import nodemailer from "nodemailer";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { listEvents } from "@/shared/api/endpoints/events";
import { listDmarcReports, listDmarcSources } from "@/shared/api/endpoints/sending-domains";
import { call } from "../support/api-client";
import { dnsControl } from "../support/dns-server";
import { verifiedDomain } from "../support/domains";
import { createAccount, type TestAccount } from "../support/factories";

let account: TestAccount;
let domain: Awaited<ReturnType<typeof verifiedDomain>>;
let reportAddress: string;

type Row = { ip: string; count: number; dkim: "pass" | "fail"; spf: "pass" | "fail"; disposition?: string };

/** An aggregate report as receivers write them (RFC 7489 appendix C). */
function reportXml(options: { reporter: string; reportId: string; domain: string; rows: Row[] }): string {
  const records = options.rows
    .map(
      (row) => `  <record>
    <row>
      <source_ip>${row.ip}</source_ip>
      <count>${row.count}</count>
      <policy_evaluated><disposition>${row.disposition ?? "none"}</disposition><dkim>${row.dkim}</dkim><spf>${row.spf}</spf></policy_evaluated>
    </row>
    <identifiers><header_from>${options.domain}</header_from></identifiers>
    <auth_results>
      <dkim><domain>${options.domain}</domain><result>${row.dkim}</result><selector>ces1</selector></dkim>
      <spf><domain>ces-bounces.${options.domain}</domain><result>${row.spf}</result></spf>
    </auth_results>
  </record>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8" ?>
<feedback>
  <report_metadata>
    <org_name>${options.reporter}</org_name>
    <email>noreply-dmarc-support@${options.reporter.toLowerCase()}.example</email>
    <report_id>${options.reportId}</report_id>
    <date_range><begin>${Math.floor(Date.now() / 1000) - 86_400}</begin><end>${Math.floor(Date.now() / 1000) - 60}</end></date_range>
  </report_metadata>
  <policy_published><domain>${options.domain}</domain><adkim>r</adkim><aspf>r</aspf><p>none</p><sp>none</sp><pct>100</pct></policy_published>
${records}
</feedback>`;
}

/** A zip of one file, made by Python's zipfile (deflated). */
function zipOf(name: string, content: Buffer): Buffer {
  const script =
    "import io,sys,zipfile\nb=io.BytesIO()\nz=zipfile.ZipFile(b,'w',zipfile.ZIP_DEFLATED)\nz.writestr(sys.argv[1],sys.stdin.buffer.read())\nz.close()\nsys.stdout.buffer.write(b.getvalue())";
  return execFileSync("python3", ["-c", script, name], { input: content, maxBuffer: 64 * 1024 * 1024 });
}

/** Delivers a report mail to the MX; answers its final reply (250 …) or the refusal's text. */
async function deliver(attachments: { filename: string; content: Buffer; contentType: string }[], to = reportAddress): Promise<string> {
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port: inject("mxPort"), secure: false, ignoreTLS: true });
  try {
    const info = await transport.sendMail({
      from: "noreply-dmarc-support@google.com",
      to,
      subject: `Report domain: ${domain.name} Submitter: google.com`,
      text: "This is an aggregate report.",
      attachments,
    });
    return info.response;
  } catch (error) {
    return (error as { response?: string }).response ?? String(error);
  } finally {
    transport.close();
  }
}

const gz = (name: string, xml: string) => ({ filename: `${name}.xml.gz`, content: gzipSync(xml), contentType: "application/gzip" });
const reports = async (token = account.accessToken) =>
  call(listDmarcReports, { token, params: { domain_id: domain.domain_id }, query: {} as never });

beforeAll(async () => {
  account = await createAccount();
  domain = await verifiedDomain(account, "dmarc");
  const dmarc = domain.records.find((record) => record.purpose === "dmarc")!;
  reportAddress = /rua=mailto:([^;]+);/.exec(dmarc.value)![1]!;
  // The receivers' servers have reverse names, as a mail server's address does.
  const dns = dnsControl(inject("dnsControlUrl"));
  await dns.publish("10.2.0.192.in-addr.arpa", "PTR", ["mail-out.shop.example"]);
  await dns.publish("1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa", "PTR", ["v6.sender.example"]);
});

describe("DMARC aggregate reports", () => {
  it("are asked for by the recommended record, at an address of the service's own mail host", () => {
    expect(reportAddress).toBe(`dmarc+${domain.domain_id.slice(4)}@localhost`);
  });

  it("arrive gzipped and zipped through the MX; the API lists each report and sums its sources, flagging the failing one", async () => {
    const google = reportXml({
      reporter: "google.com",
      reportId: `g-${randomBytes(4).toString("hex")}`,
      domain: domain.name,
      rows: [
        { ip: "192.0.2.10", count: 40, dkim: "pass", spf: "pass" },
        { ip: "203.0.113.9", count: 3, dkim: "fail", spf: "fail", disposition: "quarantine" },
      ],
    });
    const microsoft = reportXml({
      reporter: "Outlook.com",
      reportId: `m-${randomBytes(4).toString("hex")}`,
      domain: domain.name,
      rows: [
        { ip: "192.0.2.10", count: 10, dkim: "pass", spf: "fail" },
        { ip: "2001:db8::1", count: 2, dkim: "fail", spf: "pass" },
      ],
    });
    expect(await deliver([gz("google", google)])).toBe("250 2.0.0 Ok");
    expect(
      await deliver([{ filename: "outlook.zip", content: zipOf("outlook.xml", Buffer.from(microsoft)), contentType: "application/zip" }]),
    ).toBe("250 2.0.0 Ok");

    const listed = await reports();
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data.items.map((report) => [report.reporter, report.messages, report.passRate]).sort()).toEqual([
      ["Outlook.com", 12, 100],
      ["google.com", 43, 93.02],
    ]);
    expect(listed.body.data.pagination.total).toBe(2);

    const sources = await call(listDmarcSources, {
      token: account.accessToken,
      params: { domain_id: domain.domain_id },
      query: {} as never,
    });
    expect(sources.status).toBe(200);
    expect(sources.body.data).toEqual([
      {
        sourceIp: "192.0.2.10",
        reverseName: "mail-out.shop.example",
        messages: 50,
        spfAligned: 40,
        dkimAligned: 50,
        passed: 50,
        disposition: { none: 50, quarantine: 0, reject: 0 },
        failing: false,
      },
      {
        sourceIp: "203.0.113.9",
        reverseName: null,
        messages: 3,
        spfAligned: 0,
        dkimAligned: 0,
        passed: 0,
        disposition: { none: 0, quarantine: 3, reject: 0 },
        failing: true,
      },
      {
        sourceIp: "2001:db8::1",
        reverseName: "v6.sender.example",
        messages: 2,
        spfAligned: 2,
        dkimAligned: 0,
        passed: 2,
        disposition: { none: 2, quarantine: 0, reject: 0 },
        failing: false,
      },
    ]);

    const feed = await call(listEvents, { token: account.accessToken, query: { types: "domain.dmarc_report" } as never });
    expect(feed.body.data.items.map((event) => event.detail)).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: domain.name, reporter: "google.com", messages: 43, passedMessages: 40 })]),
    );

    // The same report again (a receiver retrying) is taken and stores nothing new.
    expect(await deliver([gz("google", google)])).toBe("250 2.0.0 Ok");
    expect((await reports()).body.data.pagination.total).toBe(2);
  });

  it.each([
    ["malformed XML", () => [gz("bad", "<feedback><report_metadata>")], /^550 5\.6\.0 .*not well-formed/],
    [
      "an XML bomb (entities)",
      () => [
        gz(
          "bomb",
          `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><feedback>&lol2;</feedback>`,
        ),
      ],
      /^550 5\.6\.0 .*DOCTYPE/,
    ],
    [
      "a gzip bomb",
      () => [{ filename: "bomb.xml.gz", content: gzipSync(Buffer.alloc(64 * 1024 * 1024)), contentType: "application/gzip" }],
      /^550 5\.6\.0 .*inflates past/,
    ],
    [
      "a zip bomb",
      () => [{ filename: "bomb.zip", content: zipOf("bomb.xml", Buffer.alloc(64 * 1024 * 1024)), contentType: "application/zip" }],
      /^550 5\.6\.0 .*larger than/,
    ],
    ["XML that is no report", () => [gz("other", "<rss><channel/></rss>")], /^550 5\.6\.0 .*not a DMARC aggregate report/],
    ["a mail without a report", () => [], /^550 5\.6\.0 .*no report found/],
    [
      "a report about another domain",
      () => [
        gz(
          "other",
          reportXml({
            reporter: "google.com",
            reportId: "x-1",
            domain: "someone-else.example",
            rows: [{ ip: "192.0.2.1", count: 1, dkim: "pass", spf: "pass" }],
          }),
        ),
      ],
      /^550 5\.6\.0 .*about someone-else\.example/,
    ],
    [
      "a mail over 10 MB",
      () => [{ filename: "big.xml", content: randomBytes(11 * 1024 * 1024), contentType: "text/xml" }],
      /^552 5\.3\.4 DMARC reports are at most 10 MB/,
    ],
  ])("refuses %s, storing nothing", async (_, attachments, reply) => {
    const before = (await reports()).body.data.pagination.total;
    expect(await deliver(attachments())).toMatch(reply);
    expect((await reports()).body.data.pagination.total).toBe(before);
  });

  it("knows no report address of a domain that does not exist (550 5.1.1)", async () => {
    expect(await deliver([gz("x", "<feedback/>")], `dmarc+${"0".repeat(24)}@localhost`)).toMatch(/^550 5\.1\.1/);
  });

  it("keeps a domain's reports to its account: 404 for another account, 401 without a credential, 400 for a bad query", async () => {
    const stranger = await createAccount();
    expect((await reports(stranger.accessToken)).status).toBe(404);
    const sources = await call(listDmarcSources, {
      token: stranger.accessToken,
      params: { domain_id: domain.domain_id },
      query: {} as never,
    });
    expect(sources.status).toBe(404);
    expect((await call(listDmarcReports, { params: { domain_id: domain.domain_id }, query: {} as never })).status).toBe(401);
    const bad = await call(listDmarcSources, {
      token: account.accessToken,
      params: { domain_id: domain.domain_id },
      query: { from: "last week" } as never,
    });
    expect(bad.status).toBe(400);
    expect(bad.error?.errors?.map((error) => error.path)).toContain("from");
    const badPage = await call(listDmarcReports, {
      token: account.accessToken,
      params: { domain_id: domain.domain_id },
      query: { page: 0 } as never,
    });
    expect(badPage.status).toBe(400);
  });
});
