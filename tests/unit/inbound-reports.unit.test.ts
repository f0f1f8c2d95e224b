// The MX's report parsers on hand-written fixtures (RFC examples and real-world
// shapes) and on hostile input, and how a report is attributed to a message's
// recipients.
import { describe, expect, it } from "vitest";
import { attributeReport } from "@/server/mail/mx/reports/attribute-report";
import { parseInboundReport } from "@/server/mail/mx/reports/parse-report";
import { inboundFixture } from "../support/inbound-fixtures";

const verp = "msg_0123456789abcdef01234567-0123456789abcdef0123@ces-bounces.shop.example.net";
const recipient = "ada@example.org";
const parse = (name: string, mailFrom = "") => parseInboundReport(inboundFixture(name, { verp, recipient }), { mailFrom });

describe("delivery status notifications", () => {
  it("RFC 3464's simple example: failed with a 4.x.x status expired (a soft bounce)", async () => {
    const report = await parse("rfc3464-simple");
    expect(report).toEqual({
      kind: "delivery-status",
      recipients: [
        {
          addresses: [recipient],
          action: "failed",
          status: "4.0.0",
          outcome: "expired",
          bounceType: "soft",
          diagnostic: "426 connection timed out",
          remoteMta: null,
        },
      ],
    });
  });

  it("RFC 3464's multi-recipient example: failed, delayed and delivered, each with its outcome", async () => {
    const report = await parse("rfc3464-multi");
    if (report.kind !== "delivery-status") throw new Error(report.kind);
    expect(report.recipients.map(({ addresses, outcome, bounceType, status }) => ({ addresses, outcome, bounceType, status }))).toEqual([
      { addresses: [recipient], outcome: "bounced", bounceType: "hard", status: "5.0.0" },
      { addresses: ["second@example.org"], outcome: "delayed", bounceType: null, status: "4.0.0" },
      { addresses: ["someone.else@nsfnet-relay.ac.uk"], outcome: "bounced", bounceType: "hard", status: "5.0.0" },
      { addresses: ["third@example.org"], outcome: "delivered", bounceType: null, status: "2.0.0" },
    ]);
    expect(report.recipients[0]!.diagnostic).toBe(`550 '${recipient}' is not a registered gateway user`);
  });

  it.each([
    [
      "postfix-hard",
      "hard",
      "5.1.1",
      /^550 5\.1\.1 <ada@example\.org>: Recipient address rejected: User unknown in virtual mailbox table$/,
    ],
    ["gmail-hard", "hard", "5.1.1", /^550-5\.1\.1 The email account that you tried to reach does not exist\./],
    ["outlook-hard", "hard", "5.1.10", /^550 5\.1\.10 RESOLVER\.ADR\.RecipientNotFound/],
  ])("%s: %s bounce, status %s", async (name, bounceType, status, diagnostic) => {
    const report = await parse(name);
    if (report.kind !== "delivery-status") throw new Error(report.kind);
    expect(report.recipients).toHaveLength(1);
    // Outlook writes the address in capitals: addresses compare in lower case.
    expect(report.recipients[0]).toMatchObject({ addresses: [recipient], bounceType, status });
    expect(report.recipients[0]!.diagnostic).toMatch(diagnostic);
  });
});

describe("Postfix's reports: what each says about the recipient", () => {
  // Reports written by Postfix 3.7 (Debian 12) in the Postfix integration test, with the addresses replaced.
  it.each([
    ["postfix-success", "relayed", "2.0.0", "delivered", null, "250 OK: message queued"],
    ["postfix-delay-warning", "delayed", "4.3.0", "delayed", null, "451 4.3.0 Greylisted, come back soon"],
    ["postfix-failed", "failed", "5.1.1", "bounced", "hard", "550 5.1.1 No such user here"],
    // The queue lifetime ran out: Postfix keeps the last temporary reply as the status and diagnostic.
    ["postfix-expired", "failed", "4.2.1", "expired", "soft", "451 4.2.1 Mailbox busy, try again later"],
  ])("%s: Action %s, Status %s → %s", async (name, action, status, outcome, bounceType, diagnostic) => {
    const report = await parse(name);
    if (report.kind !== "delivery-status") throw new Error(report.kind);
    expect(report.recipients).toEqual([
      { addresses: [recipient], action, status, outcome, bounceType, diagnostic, remoteMta: "mx.example.org" },
    ]);
  });

  it("a success report to a message's return path is attributed as delivered, with the Remote-MTA", async () => {
    expect(attributeReport(await parse("postfix-success"), [recipient]).records).toEqual([
      { kind: "delivered", recipient, remoteMta: "mx.example.org", diagnostic: "250 OK: message queued" },
    ]);
    expect(attributeReport(await parse("postfix-expired"), [recipient]).records).toEqual([
      { kind: "bounce", recipient, bounceType: "soft", diagnostic: "451 4.2.1 Mailbox busy, try again later", expired: true },
    ]);
  });

  it("a delay warning (Action: delayed) is delayed, not a bounce, with the Remote-MTA and the reply", async () => {
    const report = await parse("postfix-delayed");
    if (report.kind !== "delivery-status") throw new Error(report.kind);
    expect(report.recipients).toEqual([
      {
        addresses: [recipient],
        action: "delayed",
        status: "4.2.2",
        outcome: "delayed",
        bounceType: null,
        diagnostic: "452 4.2.2 Mailbox full",
        remoteMta: "mx.example.com",
      },
    ]);
  });
});

describe("feedback reports (ARF)", () => {
  it("RFC 5965's example: the feedback type and Original-Rcpt-To", async () => {
    const report = await parse("rfc5965-example", "abusedesk@example.com");
    expect(report).toMatchObject({
      kind: "feedback",
      report: { feedbackType: "abuse", originalRecipients: [recipient], userAgent: "SomeGenerator/1.0" },
    });
  });

  it("without Original-Rcpt-To, the returned original's To is the candidate", async () => {
    const report = await parse("arf-original-headers", "staff@hotmail.com");
    expect(report).toMatchObject({ kind: "feedback", report: { feedbackType: "abuse", originalRecipients: [] }, originalTo: [recipient] });
  });
});

describe("other inbound mail", () => {
  it("Exim's plain-text bounce: X-Failed-Recipients and the SMTP reply in the text", async () => {
    expect(await parse("exim-plain")).toEqual({
      kind: "plain-bounce",
      bounce: {
        namedRecipients: [recipient],
        bounceType: "hard",
        diagnostic: `550 5.1.1 <${recipient}>: Recipient address rejected: User unknown`,
      },
    });
  });

  it("an out-of-office reply is not a bounce", async () => {
    expect((await parse("out-of-office", recipient)).kind).toBe("none");
    expect((await parse("out-of-office", "")).kind).toBe("none");
  });

  it("malformed MIME (no boundary, garbage types) parses to nothing to act on", async () => {
    const raw = Buffer.from(
      "From: x@example.org\r\nContent-Type: multipart/report; report-type=delivery-status\r\n\r\n--\r\nContent-Type: message/\r\n\r\n\u0001\u0002garbage\r\n",
    );
    expect((await parseInboundReport(raw, { mailFrom: "x@example.org" })).kind).toBe("none");
  });

  it("a multipart bomb (deep nesting) is refused with 554 5.6.0, quickly", async () => {
    const depth = 5000;
    let body = "";
    for (let level = 0; level < depth; level++) body += `--b${level}\r\nContent-Type: multipart/mixed; boundary="b${level + 1}"\r\n\r\n`;
    const raw = Buffer.from(`From: x@example.org\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b0"\r\n\r\n${body}`);
    const started = Date.now();
    await expect(parseInboundReport(raw, { mailFrom: "" })).rejects.toMatchObject({
      responseCode: 554,
      message: expect.stringMatching(/^5\.6\.0 /),
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe("attribution to the message's recipients", () => {
  it("records the recipients the report names that the message was sent to, and ignores the others", async () => {
    const report = await parse("rfc3464-multi");
    expect(attributeReport(report, [recipient, "second@example.org", "third@example.org"])).toEqual({
      records: [
        {
          kind: "bounce",
          recipient,
          bounceType: "hard",
          diagnostic: `550 '${recipient}' is not a registered gateway user`,
          expired: false,
        },
        { kind: "delayed", recipient: "second@example.org", diagnostic: "550 user unknown" },
        { kind: "delivered", recipient: "third@example.org", remoteMta: null, diagnostic: "2.0.0" },
      ],
      ignored: ["someone.else@nsfnet-relay.ac.uk"],
    });
  });

  it("a report about someone the message never went to records nothing", async () => {
    expect(attributeReport(await parse("postfix-hard"), ["other@example.org"]).records).toEqual([]);
    expect(attributeReport(await parse("rfc5965-example"), ["other@example.org"]).records).toEqual([]);
  });

  it("a complaint names its recipient by Original-Rcpt-To or by the original's To", async () => {
    const all = [recipient, "other@example.org"];
    expect(attributeReport(await parse("rfc5965-example"), all).records).toEqual([{ kind: "complaint", recipient, feedbackType: "abuse" }]);
    expect(attributeReport(await parse("arf-original-headers"), all).records).toEqual([
      { kind: "complaint", recipient, feedbackType: "abuse" },
    ]);
  });

  it("a bounce naming nobody is the message's only recipient's, and nobody's when there are several", async () => {
    const report = { kind: "plain-bounce" as const, bounce: { namedRecipients: [], bounceType: "hard" as const, diagnostic: "550 gone" } };
    expect(attributeReport(report, [recipient]).records).toEqual([
      { kind: "bounce", recipient, bounceType: "hard", diagnostic: "550 gone", expired: false },
    ]);
    expect(attributeReport(report, [recipient, "other@example.org"]).records).toEqual([]);
  });
});
