// A signed-in account with something to show: a verified sending domain (its
// records published in the test DNS server) and one message sent through the
// public API with a key restricted to it. Arranged through the API, the way
// the customer's code would, for specs that look at full pages.
import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { type DnsControl, publishRecords } from "../../tests/support/dns-server";
import { signInThroughApi, type TestAccount } from "./accounts";
import { testDns } from "./sending-domains";
import { expect } from "./test";

type Envelope<T> = { data: T };

/** `dns`: where the domain's records go (by default the e2e server's test DNS server). */
export async function arrangeSentMessage(
  request: APIRequestContext,
  account: TestAccount,
  body: { html?: string; to?: string[] } = {},
  dns: DnsControl = testDns(),
) {
  const token = await signInThroughApi(request, account);
  const authorization = `Bearer ${token}`;
  const domain = `mobile-${randomBytes(4).toString("hex")}.example.org`;

  const created = await request.post("/api/v1/sending/domains", { headers: { authorization }, data: { name: domain } });
  expect(created.status(), await created.text()).toBe(201);
  const { domain_id, records } = (
    (await created.json()) as Envelope<{ domain_id: string; records: { type: string; name: string; value: string }[] }>
  ).data;
  await publishRecords(dns, records);
  const verified = await request.post(`/api/v1/sending/domains/${domain_id}/verify`, { headers: { authorization } });
  expect(verified.status(), await verified.text()).toBe(200);

  const key = await request.post("/api/v1/sending/api-keys", {
    headers: { authorization },
    data: { name: "Mobile check", domainId: domain_id },
  });
  expect(key.status(), await key.text()).toBe(201);
  const { secret } = ((await key.json()) as Envelope<{ secret: string }>).data;

  const sent = await request.post("/api/v1/sending/messages", {
    headers: { authorization: `Bearer ${secret}` },
    data: {
      from: `Receipts <receipts@${domain}>`,
      to: ["a-rather-long-recipient-address@customers.example.com", "second@example.com"],
      subject: "Your receipt for order 10482: two items, shipped today by express courier",
      text: "Thank you for your order.",
      ...body,
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const messageId = ((await sent.json()) as Envelope<{ id: string }>).data.id;
  return { domain, domainId: domain_id, messageId };
}
