// A reputation warning end to end: 100 recipients sent to with the real API
// and delivered to the SMTP sink, five hard bounces (DSNs at the app's MX,
// by nodemailer); the service's own minute job folds the counts and, past
// 4 % bounces, writes the warning: in the feed as domain.reputation_warning
// and listed by GET /sending/reputation-warnings.
import nodemailer from "nodemailer";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { listEvents } from "@/shared/api/endpoints/events";
import { getMessage, sendMessageBatch } from "@/shared/api/endpoints/messages";
import { listReputationWarnings } from "@/shared/api/endpoints/stats";
import { call } from "../support/api-client";
import { verifiedDomain } from "../support/domains";
import { createAccount, type TestAccount, uniqueEmail } from "../support/factories";
import { inboundFixture } from "../support/inbound-fixtures";
import { eventually } from "../support/poll";
import { copyFor } from "../support/topics";

let account: TestAccount;
let domain: Awaited<ReturnType<typeof verifiedDomain>>;

const mx = () => nodemailer.createTransport({ host: "127.0.0.1", port: inject("mxPort"), secure: false, ignoreTLS: true });

beforeAll(async () => {
  account = await createAccount();
  domain = await verifiedDomain(account, "reputation");
  const recipients = Array.from({ length: 100 }, (_, index) => uniqueEmail(`list${index}`));
  const sent = await call(sendMessageBatch, {
    token: account.accessToken,
    body: {
      messages: [recipients.slice(0, 50), recipients.slice(50)].map((to) => ({
        from: `News <news@${domain.name}>`,
        to,
        subject: "Our spring sale",
        text: "Everything must go.",
      })),
    } as never,
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const [first] = sent.body.data.items.map((message) => message.id);
  // Five of the first message's addresses no longer exist: their servers' DSNs come back to each copy's return path.
  for (const recipient of recipients.slice(0, 5)) {
    const copy = await copyFor(recipient);
    await mx().sendMail({
      envelope: { from: "", to: [copy.envelopeFrom] },
      raw: inboundFixture("postfix-hard", { verp: copy.envelopeFrom, recipient, domain: domain.name }),
    });
  }
  await eventually(
    async () => (await call(getMessage, { token: account.accessToken, params: { message_id: first! } })).body.data.events,
    (events) => events.filter((event) => event.type === "bounced").length === 5,
    { what: "five bounces", timeoutMs: 20_000, intervalMs: 200 },
  );
}, 60_000);

describe("reputation warnings", () => {
  it("are written by the minute job past 4 % bounces, in the feed and listed with the rate", async () => {
    const feed = await eventually(
      async () =>
        (await call(listEvents, { token: account.accessToken, query: { types: "domain.reputation_warning" } as never })).body.data.items,
      (items) => items.length > 0,
      { what: "the domain.reputation_warning event", timeoutMs: 150_000, intervalMs: 1_000 },
    );
    expect(feed.map((event) => event.detail)).toEqual([{ name: domain.name, metric: "bounce_rate", rate: 5, threshold: 4, sent: 100 }]);
    expect(feed[0]!.object).toEqual({ type: "domain", id: domain.domain_id });

    const listed = await call(listReputationWarnings, { token: account.accessToken, query: {} as never });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ domainId: domain.domain_id, domain: domain.name, metric: "bounce_rate", rate: 5, sent: 100, affected: 5 }),
    ]);
    const forDomain = await call(listReputationWarnings, { token: account.accessToken, query: { domainId: domain.domain_id } as never });
    expect(forDomain.body.data).toHaveLength(1);
  }, 170_000);

  it("keep another account's domains out of reach (404), need a credential (401) and refuse a bad query (400)", async () => {
    const stranger = await createAccount();
    expect(
      (await call(listReputationWarnings, { token: stranger.accessToken, query: { domainId: domain.domain_id } as never })).status,
    ).toBe(404);
    expect((await call(listReputationWarnings, { token: stranger.accessToken, query: {} as never })).body.data).toEqual([]);
    expect((await call(listReputationWarnings, { query: {} as never })).status).toBe(401);
    const bad = await call(listReputationWarnings, { token: account.accessToken, query: { domainId: "" } as never });
    expect(bad.status).toBe(400);
  });
});
