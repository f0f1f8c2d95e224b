// Domains for tests, made through the API and proven through the test DNS
// server, as a customer's would be: fully verified for sending, or with only
// the ownership record checked (all a hosted mailbox needs). Servers a test
// starts itself have no test DNS: they store a domain with storedDomainWithMailbox
// (tests/support/hosted-mailboxes.ts).
import { randomBytes } from "node:crypto";
import { expect, inject } from "vitest";
import { createDomain, verifyDomain } from "@/shared/api/endpoints/sending-domains";
import type { SendingDomain } from "@/shared/schemas/sending-domain";
import { call } from "./api-client";
import { dnsControl, publishRecords } from "./dns-server";
import type { TestAccount } from "./factories";

/** A new domain of the account, its records published and verified. */
export async function verifiedDomain(account: TestAccount, label = "send"): Promise<SendingDomain> {
  const created = await call(createDomain, {
    token: account.accessToken,
    body: { name: `${label}-${randomBytes(4).toString("hex")}.example.net` },
  });
  expect(created.status).toBe(201);
  await publishRecords(dnsControl(inject("dnsControlUrl")), created.body.data.records);
  const verified = await call(verifyDomain, { token: account.accessToken, params: { domain_id: created.body.data.domain_id } });
  expect(verified.body.data.status).toBe("verified");
  return verified.body.data;
}

/** A new domain of the account with only its ownership record published and checked (sending stays pending). */
export async function ownedDomain(account: TestAccount, label = "mail"): Promise<SendingDomain> {
  const created = await call(createDomain, {
    token: account.accessToken,
    body: { name: `${label}-${randomBytes(4).toString("hex")}.example.com` },
  });
  expect(created.status).toBe(201);
  const ownership = created.body.data.records.filter((record) => record.purpose === "ownership");
  await publishRecords(dnsControl(inject("dnsControlUrl")), ownership);
  const checked = await call(verifyDomain, { token: account.accessToken, params: { domain_id: created.body.data.domain_id } });
  expect(checked.body.data.records.find((record) => record.purpose === "ownership")?.status).toBe("verified");
  return checked.body.data;
}
