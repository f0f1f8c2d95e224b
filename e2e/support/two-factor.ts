// Two-factor for browser specs: turning it on from "another device" and codes
// the API refuses. TOTP codes come from Debian's oathtool, never from our own
// implementation. The API accepts a code only once per account (and only a
// later step than the last one accepted), within ±1 30-second step.
import type { APIRequestContext, Locator } from "@playwright/test";
import { awayFromStepBoundary, oathtoolCode } from "../../tests/support/oathtool";
import { signInThroughApi, type TestAccount } from "./accounts";
import { expect } from "./test";

/** A 6-digit code that is none of the codes the API would accept right now. */
export function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1, 2].map((offset) => oathtoolCode(secret, offset)));
  for (let candidate = 123456; ; candidate += 1) {
    const code = String(candidate % 1_000_000).padStart(6, "0");
    if (!valid.has(code)) return code;
  }
}

export type Enrolled = { secret: string; recoveryCodes: string[] };

/** Turns two-factor on through the API (another device) with the previous step's code, leaving now and next unused. */
export async function enableThroughApi(request: APIRequestContext, account: TestAccount): Promise<Enrolled> {
  const accessToken = await signInThroughApi(request, account);
  const headers = { authorization: `Bearer ${accessToken}` };
  const setup = await request.post("/api/v1/account/2fa/setup", { headers, data: {} });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = ((await setup.json()) as { data: { secret: string } }).data;
  await awayFromStepBoundary();
  const verified = await request.post("/api/v1/account/2fa/verify", { headers, data: { code: oathtoolCode(secret, -1) } });
  expect(verified.status(), await verified.text()).toBe(200);
  return { secret, recoveryCodes: ((await verified.json()) as { data: { recoveryCodes: string[] } }).data.recoveryCodes };
}

/** In "Confirm it's you" (a panel or a dialog), proves it with a code instead of the password: returns the code field, focused. */
export async function switchToAuthenticationCode(confirm: Locator): Promise<Locator> {
  await confirm.getByRole("button", { name: "Use an authentication code instead" }).click();
  const code = confirm.getByLabel("Authentication code");
  await expect(code).toBeFocused();
  return code;
}
