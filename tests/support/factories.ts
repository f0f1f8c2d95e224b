// Test data made through the public API, one fresh account per call.
import { randomBytes } from "node:crypto";
import { login, register } from "@/shared/api/endpoints/auth";
import type { AuthPayload } from "@/shared/schemas/auth";
import { call, randomIp } from "./api-client";

export const strongPassword = () => `Correct-horse-${randomBytes(6).toString("hex")}`;
export const uniqueEmail = (label = "user") => `${label}.${randomBytes(5).toString("hex")}@example.test`;

export type TestAccount = AuthPayload & { email: string; password: string; ip: string };

export async function createAccount(
  overrides: { email?: string; password?: string; username?: string; planId?: string } = {},
): Promise<TestAccount> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? strongPassword();
  const ip = randomIp();
  const response = await call(register, { body: { email, password, ...overrides }, ip });
  if (response.status !== 201) throw new Error(`createAccount failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { ...(response.body.data as AuthPayload), email, password, ip };
}

/** A second session (another device) for an existing account. */
export async function signIn(account: { email: string; password: string }, ip = randomIp()): Promise<AuthPayload> {
  const response = await call(login, {
    body: { email: account.email, password: account.password },
    ip,
    headers: { "user-agent": "second-device" },
  });
  if (response.status !== 200) throw new Error(`signIn failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as AuthPayload;
}
