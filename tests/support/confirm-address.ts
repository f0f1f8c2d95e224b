// Proving an account's address the way a person does from a signed-in
// session: the code POST /account/email/confirmation emails, entered back.
import { expect } from "vitest";
import { confirmEmail, sendEmailConfirmation } from "@/shared/api/endpoints/email-confirmation";
import { call } from "./api-client";
import { codeIn, waitForEmail } from "./captured-email";
import type { TestAccount } from "./factories";

export async function confirmAddress(account: TestAccount) {
  expect((await call(sendEmailConfirmation, { token: account.accessToken })).status).toBe(200);
  const code = codeIn(await waitForEmail(account.email, { subject: "Confirm your email address" }))!;
  const confirmed = await call(confirmEmail, { token: account.accessToken, body: { code } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
}
