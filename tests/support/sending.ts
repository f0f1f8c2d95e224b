// Sending set-up shared by the sending, pipeline, SMTP and probe tests: a domain
// verified through the test DNS server, an API key, and a DKIM resolver that
// looks keys up where the app published them.
import { randomBytes } from "node:crypto";
import { Resolver } from "node:dns/promises";
import { expect, inject } from "vitest";
import { createApiKey } from "@/shared/api/endpoints/api-keys";
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

/** A new API key of the account (its secret included). */
export async function newApiKey(account: TestAccount, body: Record<string, unknown> = {}) {
  const created = await call(createApiKey, { token: account.accessToken, body: { name: "test key", ...body } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data;
}

/** Looks DKIM keys up in the test DNS server, the way a receiving server would. */
export function dkimResolver() {
  const resolver = new Resolver({ timeout: 2_000, tries: 1 });
  resolver.setServers([inject("dnsServer")]);
  return (name: string, type: string) => (type === "TXT" ? resolver.resolveTxt(name) : resolver.resolve(name, type as "A"));
}
