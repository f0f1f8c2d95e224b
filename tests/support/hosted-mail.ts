// Hosted-mailbox set-up shared by the mailbox tests: a domain whose ownership
// record is verified through the test DNS server (all a mailbox needs), and
// mailboxes on it.
import { randomBytes } from "node:crypto";
import { expect, inject } from "vitest";
import { createMailbox } from "@/shared/api/endpoints/mailboxes";
import { createDomain, verifyDomain } from "@/shared/api/endpoints/sending-domains";
import type { Mailbox } from "@/shared/schemas/mailboxes";
import type { SendingDomain } from "@/shared/schemas/sending-domain";
import { call } from "./api-client";
import { dnsControl, publishRecords } from "./dns-server";
import { strongPassword, type TestAccount } from "./factories";

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

export async function newMailbox(
  account: TestAccount,
  domain: { name: string },
  overrides: Record<string, unknown> = {},
): Promise<Mailbox & { password: string }> {
  const password = strongPassword();
  const response = await call(createMailbox, {
    token: account.accessToken,
    body: { address: `box-${randomBytes(3).toString("hex")}@${domain.name}`, password, ...overrides },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { ...response.body.data, password: (overrides.password as string | undefined) ?? password };
}
