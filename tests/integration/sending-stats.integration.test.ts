// GET /sending/stats end to end: messages sent with the real API and delivered
// to the SMTP sink, a hard bounce (a DSN) and a complaint (an ARF report)
// delivered to the app's MX by nodemailer, an open and a one-click
// unsubscribe through the message's own links; then the stats agree with
// the messages' own events, by provider, by domain and by tag.
import { randomBytes } from "node:crypto";
import nodemailer from "nodemailer";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createApiKey } from "@/shared/api/endpoints/api-keys";
import { getMessage, listMessages, sendMessage } from "@/shared/api/endpoints/messages";
import { getSendingStats } from "@/shared/api/endpoints/stats";
import { STAT_COUNTERS, type StatCounts } from "@/shared/schemas/stats";
import { call } from "../support/api-client";
import { createAccount, type TestAccount, uniqueEmail } from "../support/factories";
import { verifiedDomain } from "../support/domains";
import { dnsControl } from "../support/dns-server";
import { inboundFixture } from "../support/inbound-fixtures";
import { eventually } from "../support/poll";
import { copyFor, newTopic, oneClick, unsubscribeLinksIn } from "../support/topics";

const mx = () => nodemailer.createTransport({ host: "127.0.0.1", port: inject("mxPort"), secure: false, ignoreTLS: true });

let account: TestAccount;
let domain: Awaited<ReturnType<typeof verifiedDomain>>;
const messageIds: string[] = [];
const gmailReader = `reader.${randomBytes(4).toString("hex")}@gmail.com`;
const workspaceDomain = `workspace-${randomBytes(4).toString("hex")}.example`;
const officeDomain = `office-${randomBytes(4).toString("hex")}.example`;

const messageOf = async (id: string) => (await call(getMessage, { token: account.accessToken, params: { message_id: id } })).body.data;

async function send(to: string[], extra: Record<string, unknown> = {}) {
  const sent = await call(sendMessage, {
    token: account.accessToken,
    body: { from: `Shop <orders@${domain.name}>`, to, subject: `Order ${messageIds.length}`, text: "Thanks.", ...extra } as never,
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  messageIds.push(sent.body.data.id);
  return sent.body.data.id;
}

/** Waits until the message has an event of `type` (for `recipient`, when given). */
const eventOf = (id: string, type: string, recipient?: string) =>
  eventually(
    async () => (await messageOf(id)).events.filter((event) => event.type === type && (!recipient || event.detail.recipient === recipient)),
    (found) => found.length > 0,
    { what: `${type} of ${id}`, timeoutMs: 20_000, intervalMs: 150 },
  );

/** The counts the messages' own events give: one per recipient an event names. */
async function countedFromEvents(): Promise<StatCounts> {
  const counts = Object.fromEntries(STAT_COUNTERS.map((counter) => [counter, 0])) as StatCounts;
  const counterOf: Record<string, keyof StatCounts> = {
    sent: "sent",
    delivered: "delivered",
    deferred: "deferred",
    delivery_delayed: "deferred",
    bounced: "bounced",
    failed: "failed",
    expired: "failed",
    complained: "complained",
    opened: "opened",
    clicked: "clicked",
    unsubscribed: "unsubscribed",
    suppressed: "suppressed",
  };
  for (const id of messageIds) {
    for (const event of (await messageOf(id)).events) {
      const counter = counterOf[event.type];
      if (!counter) continue;
      const recipients = event.detail.recipients;
      counts[counter] += Array.isArray(recipients) ? recipients.length : 1;
    }
  }
  return counts;
}

const stats = (query: Record<string, string> = {}, token = account.accessToken) => call(getSendingStats, { token, query: query as never });

beforeAll(async () => {
  account = await createAccount();
  domain = await verifiedDomain(account, "stats");
  const topic = await newTopic(account, { name: "Offers" });
  const [bounced, complainer, reader] = [uniqueEmail("bounce"), uniqueEmail("arf"), uniqueEmail("reader")];

  // A company whose mail is at Google (by its MX) and one at Microsoft.
  const dns = dnsControl(inject("dnsControlUrl"));
  await dns.publish(workspaceDomain, "MX", ["1 aspmx.l.google.com", "5 alt1.aspmx.l.google.com"]);
  await dns.publish(officeDomain, "MX", ["0 corp-example.mail.protection.outlook.com"]);
  const order = await send([gmailReader, reader, `ops@${workspaceDomain}`, `it@${officeDomain}`], {
    tags: [{ name: "kind", value: "order" }],
  });
  const bounce = await send([bounced], { tags: [{ name: "kind", value: "order" }] });
  const complaint = await send([complainer]);
  const offer = await send([reader], { topicId: topic.id, trackOpens: true, html: "<p>Deals</p>" });

  // A hard bounce and a complaint come back to each message's return path at the MX.
  const bounceCopy = await copyFor(bounced);
  await mx().sendMail({
    envelope: { from: "", to: [bounceCopy.envelopeFrom] },
    raw: inboundFixture("postfix-hard", { verp: bounceCopy.envelopeFrom, recipient: bounced, domain: domain.name }),
  });
  const complaintCopy = await copyFor(complainer);
  await mx().sendMail({
    envelope: { from: "fbl@example.com", to: [complaintCopy.envelopeFrom] },
    raw: inboundFixture("rfc5965-example", { verp: complaintCopy.envelopeFrom, recipient: complainer, domain: domain.name }),
  });
  // The reader opens the offer and unsubscribes with its one-click link.
  const offerCopy = await copyFor(reader, "Order 3");
  const pixel = /<img[^>]+src="([^"]+\/t\/o\/[^"]+)"/.exec(offerCopy.html)?.[1];
  expect(pixel, "the open pixel").toBeDefined();
  const local = new URL(pixel!);
  local.host = new URL(inject("baseUrl")).host;
  local.protocol = new URL(inject("baseUrl")).protocol;
  expect((await fetch(local)).status).toBe(200);
  expect((await oneClick(unsubscribeLinksIn(offerCopy.raw).url)).status).toBe(200);

  await eventOf(bounce, "bounced", bounced);
  await eventOf(complaint, "complained", complainer);
  await eventOf(offer, "opened");
  await eventOf(offer, "unsubscribed", reader);
  await eventOf(order, "sent");
});

describe("GET /sending/stats", () => {
  it("agrees with the messages' events: last 30 days by day, one series, every day zero-filled", async () => {
    const answer = await stats();
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const data = answer.body.data;
    expect(data.interval).toBe("day");
    expect(data.series).toHaveLength(1);
    expect(data.series[0]!.key).toBeNull();
    expect(data.series[0]!.points).toHaveLength(30);
    expect(data.totals).toEqual(await countedFromEvents());
    expect(data.totals).toMatchObject({ sent: 7, bounced: 1, complained: 1, opened: 1, unsubscribed: 1 });
    const today = data.series[0]!.points.at(-1)!;
    expect(today.start).toBe(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
    expect(today.sent).toBe(7);
  });

  it("groups by the recipient's provider and by sending domain, and filters by tag", async () => {
    const byProvider = (await stats({ groupBy: "provider" })).body.data;
    const sentBy = Object.fromEntries(
      byProvider.series.map((series) => [series.key, series.points.reduce((n, point) => n + point.sent, 0)]),
    );
    expect(sentBy).toEqual({ gmail: 2, microsoft: 1, other: 4 });
    expect(byProvider.series.map((series) => series.key)).toEqual(["gmail", "microsoft", "other"]);
    const byDomain = (await stats({ groupBy: "domain", interval: "hour" })).body.data;
    expect(byDomain.series.map((series) => series.key)).toEqual([domain.name]);
    expect(byDomain.series[0]!.points).toHaveLength(24);
    expect((await stats({ tag: "kind" })).body.data.totals).toMatchObject({ sent: 5, bounced: 1, complained: 0 });
    expect((await stats({ tag: "kind:order", domainId: domain.domain_id })).body.data.totals.sent).toBe(5);
    expect((await stats({ tag: "kind:other" })).body.data.totals.sent).toBe(0);
  });

  it("answers an API key too, and the window it counted", async () => {
    const key = await call(createApiKey, { token: account.accessToken, body: { name: "stats", scope: "sending" } as never });
    const from = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const answer = await stats({ from, interval: "day" }, key.body.data.secret);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.from).toBe(`${from.slice(0, 10)}T00:00:00.000Z`);
    expect(answer.body.data.series[0]!.points).toHaveLength(3);
    expect(answer.body.data.totals.sent).toBe(7);
  });

  it.each([
    ["an unknown interval", { interval: "week" }, "interval"],
    ["a from after to", { from: "2026-03-02T00:00:00Z", to: "2026-03-01T00:00:00Z" }, "from"],
    ["more than 7 days by hour", { interval: "hour", from: "2026-03-01T00:00:00Z", to: "2026-03-09T00:00:00Z" }, "from"],
    ["more than 90 days by day", { from: "2026-01-01T00:00:00Z", to: "2026-05-01T00:00:00Z" }, "from"],
    ["a date that is not one", { from: "yesterday" }, "from"],
    ["an unknown grouping", { groupBy: "country" }, "groupBy"],
    ["a malformed tag", { tag: "a b" }, "tag"],
  ])("refuses %s (400, naming the field)", async (_, query, path) => {
    const refused = await stats(query as Record<string, string>);
    expect(refused.status).toBe(400);
    expect(refused.error?.code).toBe("validation_error");
    expect(refused.error?.errors?.map((error) => error.path)).toContain(path);
  });

  it("a bucket's messages are GET /sending/messages?since=<start>&until=<end>", async () => {
    const today = (await stats()).body.data.series[0]!.points.at(-1)!.start;
    const until = new Date(Date.parse(today) + 86_400_000).toISOString();
    const listed = await call(listMessages, { token: account.accessToken, query: { since: today, until, limit: 100 } as never });
    expect(listed.status).toBe(200);
    expect(listed.body.data.items.map((item) => item.id).sort()).toEqual([...messageIds].sort());
    const before = await call(listMessages, { token: account.accessToken, query: { until: today } as never });
    expect(before.body.data.items).toEqual([]);
    const refused = await call(listMessages, { token: account.accessToken, query: { since: "today" } as never });
    expect(refused.status).toBe(400);
    expect(refused.error?.errors?.map((error) => error.path)).toContain("since");
  });

  it("needs a credential, and keeps another account's numbers and domains out of reach", async () => {
    expect((await call(getSendingStats, { query: {} as never })).status).toBe(401);
    const stranger = await createAccount();
    expect((await stats({ domainId: domain.domain_id }, stranger.accessToken)).status).toBe(404);
    expect((await stats({}, stranger.accessToken)).body.data.totals.sent).toBe(0);
  });
});
