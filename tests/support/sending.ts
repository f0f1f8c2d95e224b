// Sending set-up shared by the sending, pipeline, SMTP and probe tests: an API
// key, a DKIM resolver that looks keys up where the app published them, and a
// message once it has settled. Domains: tests/support/domains.ts.
import { Resolver } from "node:dns/promises";
import { expect, inject } from "vitest";
import { createApiKey } from "@/shared/api/endpoints/api-keys";
import { getMessage } from "@/shared/api/endpoints/messages";
import { call } from "./api-client";
import type { TestAccount } from "./factories";
import { eventually } from "./poll";

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

/** A message once it has left `transient` (by default: queued or scheduled), read through the API. */
export async function settledMessage(token: string, messageId: string, timeoutMs = 20_000, transient = ["queued", "scheduled"]) {
  const message = await eventually(
    async () => (await call(getMessage, { token, params: { message_id: messageId } })).body.data,
    (data) => !transient.includes(data.status),
    { timeoutMs, intervalMs: 200 },
  );
  if (transient.includes(message.status)) throw new Error(`message ${messageId} still ${message.status}`);
  return message;
}
