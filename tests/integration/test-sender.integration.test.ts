// The test sender: onboarding@<MAIL_HOSTNAME> sends only to the account's own,
// proven address, at most 20 a day, through the real pipeline (message log,
// job queue, the service's transport), signed with the service's own DKIM key
// and checked by an independent verifier (mailauth).
import { createPublicKey, generateKeyPairSync, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { describe, expect, inject, it } from "vitest";
import { createApiKey } from "@/shared/api/endpoints/api-keys";
import { confirmEmail, sendEmailConfirmation } from "@/shared/api/endpoints/email-confirmation";
import { sendMagicLink, verifyMagicLink } from "@/shared/api/endpoints/email-sign-in";
import { sendMessage } from "@/shared/api/endpoints/messages";
import { getTestSender } from "@/shared/api/endpoints/test-sender";
import { createDomain, verifyDomain } from "@/shared/api/endpoints/sending-domains";
import { call } from "../support/api-client";
import { sql } from "../support/database";
import { dnsControl, publishRecords } from "../support/dns-server";
import { createAccount, type TestAccount, uniqueEmail } from "../support/factories";
import { codeIn, magicLinkIn, waitForEmail } from "../support/captured-email";
import { settledMessage } from "../support/sending";
import { confirmAddress } from "../support/confirm-address";

// The integration server's APP_URL is http://localhost:<port>, and MAIL_HOSTNAME defaults to its host.
const TEST_SENDER = "onboarding@localhost";

/** Proves the account's address the way a person does: a magic link from its inbox, followed. */
async function proveEmail(account: TestAccount) {
  expect((await call(sendMagicLink, { body: { email: account.email } })).status).toBe(200);
  const link = magicLinkIn(await waitForEmail(account.email))!;
  const signedIn = await call(verifyMagicLink, { query: { token: new URL(link).searchParams.get("token")! } });
  expect(signedIn.status).toBe(200);
}

async function provenAccount() {
  const account = await createAccount();
  await confirmAddress(account);
  return account;
}

const sendTest = (token: string, body: Record<string, unknown>) =>
  call(sendMessage, {
    token,
    body: { from: `Onboarding <${TEST_SENDER}>`, subject: "Hello from the test sender", text: "It works.", ...body },
  });

/** A receiver's DNS: the service's DKIM record as its operator publishes it (the public half of the key the server keeps). */
function serviceKeyResolver(publicKeyBase64 = servicePublicKey()) {
  return async (name: string, type: string) => {
    if (type === "TXT" && name === "ces._domainkey.localhost") return [[`v=DKIM1; k=rsa; p=${publicKeyBase64}`]];
    throw Object.assign(new Error(`no ${type} record for ${name}`), { code: "ENOTFOUND" });
  };
}

function servicePublicKey() {
  const pem = readFileSync(path.join(inject("serverDataDir"), "service-dkim.pem"), "utf8");
  return createPublicKey(pem).export({ type: "spki", format: "der" }).toString("base64");
}

describe("the test sender", () => {
  it("says what to send with, whether the address is proven, and how many are left today", async () => {
    const account = await createAccount();
    const before = await call(getTestSender, { token: account.accessToken });
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({
      from: `Onboarding <${TEST_SENDER}>`,
      to: account.email,
      emailProven: false,
      emailConfirmationPendingUntil: null,
      dailyLimit: 20,
      sentToday: 0,
    });
    await proveEmail(account);
    const key = await call(createApiKey, { token: account.accessToken, body: { name: "reader" } });
    expect((await sendTest(key.body.data.secret, { to: account.email })).status).toBe(201);
    const after = await call(getTestSender, { token: key.body.data.secret });
    expect(after.body.data).toMatchObject({ emailProven: true, sentToday: 1 });
    expect((await call(getTestSender, {})).status).toBe(401);
    expect((await call(getTestSender, { token: `ces_${"x".repeat(40)}` })).status).toBe(401);
  });

  it("says until when an emailed confirmation code works, never the code, and nothing once it is spent", async () => {
    const account = await createAccount();
    const sentAt = Date.now();
    expect((await call(sendEmailConfirmation, { token: account.accessToken })).status).toBe(200);
    const pending = await call(getTestSender, { token: account.accessToken });
    const until = Date.parse(pending.body.data.emailConfirmationPendingUntil!);
    // 10 minutes from the send (a second either way for the clocks of the test and the server).
    expect(until - sentAt).toBeGreaterThan(10 * 60_000 - 1_000);
    expect(until - sentAt).toBeLessThan(10 * 60_000 + 5_000);
    const code = codeIn(await waitForEmail(account.email, { subject: "Confirm your email address" }))!;
    expect(JSON.stringify(pending.body)).not.toContain(code);
    expect((await call(confirmEmail, { token: account.accessToken, body: { code } })).status).toBe(200);
    const confirmed = await call(getTestSender, { token: account.accessToken });
    expect(confirmed.body.data).toMatchObject({ emailProven: true, emailConfirmationPendingUntil: null });
  });

  it("says nothing is pending once wrong tries have killed the code", async () => {
    const account = await createAccount();
    expect((await call(sendEmailConfirmation, { token: account.accessToken })).status).toBe(200);
    const code = codeIn(await waitForEmail(account.email, { subject: "Confirm your email address" }))!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await call(confirmEmail, { token: account.accessToken, body: { code: wrong } })).error?.code).toBe("invalid_or_expired_code");
    }
    const dead = await call(getTestSender, { token: account.accessToken });
    expect(dead.body.data).toMatchObject({ emailProven: false, emailConfirmationPendingUntil: null });
  });

  it("refuses an account whose address was never proven (signing up does not prove it)", async () => {
    const account = await createAccount();
    const refused = await sendTest(account.accessToken, { to: account.email });
    expect(refused.status).toBe(403);
    expect(refused.error?.code).toBe("forbidden");
    expect(refused.body.message).toMatch(/confirm your email address/i);
    expect(await sql("select 1 from messages where account_id = $1", [account.user.id])).toEqual([]);
  });

  it("refuses any recipient other than the account's own address, in to, cc or bcc", async () => {
    const account = await provenAccount();
    for (const body of [
      { to: uniqueEmail("stranger") },
      { to: account.email, cc: [uniqueEmail("cc")] },
      { to: account.email, bcc: uniqueEmail("bcc") },
    ]) {
      const refused = await sendTest(account.accessToken, body);
      expect(refused.status, JSON.stringify(body)).toBe(403);
      expect(refused.error?.code).toBe("forbidden");
      expect(refused.body.message).toContain(account.email);
    }
    expect(await sql("select 1 from messages where account_id = $1", [account.user.id])).toEqual([]);
  });

  it("delivers to the proven address, logged and DKIM-signed with the service's key", async () => {
    const account = await provenAccount();
    const key = await call(createApiKey, { token: account.accessToken, body: { name: "first key" } });
    expect(key.status).toBe(201);
    const sent = await sendTest(key.body.data.secret, { to: account.email.toUpperCase(), subject: "Your first email" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data).toMatchObject({ status: "queued", domainId: null, from: `Onboarding <${TEST_SENDER}>` });

    const email = await waitForEmail(account.email, { subject: "Your first email" });
    expect(email.raw).toContain("It works.");
    const verdict = await dkimVerify(email.raw, { resolver: serviceKeyResolver() });
    expect(verdict.results).toHaveLength(1);
    expect(verdict.results[0]).toMatchObject({ signingDomain: "localhost", selector: "ces", status: { result: "pass" } });

    // The check is real: another key under the same name fails it.
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ type: "spki", format: "der" }).toString("base64");
    const forged = await dkimVerify(email.raw, { resolver: serviceKeyResolver(other) });
    expect(forged.results[0]!.status.result).not.toBe("pass");

    const message = await settledMessage(account.accessToken, sent.body.data.id);
    expect(message).toMatchObject({ status: "sent", deliveredVia: "service" });
    expect(message.events.map((event) => event.type)).toEqual(["queued", "sent"]);
  });

  it("refuses a key restricted to one of the account's domains", async () => {
    const account = await provenAccount();
    const created = await call(createDomain, {
      token: account.accessToken,
      body: { name: `own-${randomBytes(4).toString("hex")}.example.net` },
    });
    await publishRecords(dnsControl(inject("dnsControlUrl")), created.body.data.records);
    const verified = await call(verifyDomain, { token: account.accessToken, params: { domain_id: created.body.data.domain_id } });
    expect(verified.body.data.status).toBe("verified");
    const key = await call(createApiKey, {
      token: account.accessToken,
      body: { name: "one domain", domainId: created.body.data.domain_id },
    });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    const refused = await sendTest(key.body.data.secret, { to: account.email });
    expect(refused.status).toBe(403);
    expect(refused.error?.code).toBe("forbidden");
  });

  it("sends 20 a day and refuses the 21st until the next UTC day", async () => {
    const account = await provenAccount();
    for (let n = 1; n <= 20; n++) {
      const sent = await sendTest(account.accessToken, { to: account.email, subject: `Test ${n}` });
      expect(sent.status, `message ${n}: ${JSON.stringify(sent.body)}`).toBe(201);
    }
    const refused = await sendTest(account.accessToken, { to: account.email, subject: "Test 21" });
    expect(refused.status).toBe(429);
    expect(refused.error?.code).toBe("rate_limited");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(await sql("select 1 from messages where account_id = $1", [account.user.id])).toHaveLength(20);

    // Yesterday's messages do not count.
    await sql(
      "update messages set created_at = date_trunc('day', now() at time zone 'utc') at time zone 'utc' - interval '1 hour' where account_id = $1",
      [account.user.id],
    );
    expect((await sendTest(account.accessToken, { to: account.email, subject: "Test tomorrow" })).status).toBe(201);
  });
});

describe("confirming the account's address with an emailed code", () => {
  it("emails a code that confirms the address once, which opens the test sender", async () => {
    const account = await createAccount();
    expect((await call(sendEmailConfirmation, { token: account.accessToken })).status).toBe(200);
    const email = await waitForEmail(account.email, { subject: "Confirm your email address" });
    const code = codeIn(email)!;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await call(confirmEmail, { token: account.accessToken, body: { code: code === "000000" ? "111111" : "000000" } });
    expect(wrong.status).toBe(400);
    expect(wrong.error?.code).toBe("invalid_or_expired_code");
    expect((await sendTest(account.accessToken, { to: account.email })).status).toBe(403);

    const confirmed = await call(confirmEmail, { token: account.accessToken, body: { code } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.email).toBe(account.email);
    expect((await call(getTestSender, { token: account.accessToken })).body.data.emailProven).toBe(true);
    expect((await sendTest(account.accessToken, { to: account.email })).status).toBe(201);

    // Spent, and nothing left to confirm.
    expect((await call(confirmEmail, { token: account.accessToken, body: { code } })).error?.code).toBe("invalid_or_expired_code");
    const again = await call(sendEmailConfirmation, { token: account.accessToken });
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe("conflict");
  });

  it("refuses a malformed code, a missing token, and an API key", async () => {
    const account = await createAccount();
    const malformed = await call(confirmEmail, { token: account.accessToken, body: { code: "12ab" } });
    expect(malformed.status).toBe(400);
    expect(malformed.error?.code).toBe("validation_error");
    expect(malformed.error?.errors?.[0]).toEqual({ path: "code", message: "Enter the 6-digit code from the email" });
    expect((await call(sendEmailConfirmation, {})).status).toBe(401);
    expect((await call(confirmEmail, { body: { code: "123456" } })).status).toBe(401);
    const key = await call(createApiKey, { token: account.accessToken, body: { name: "k", scope: "full" } });
    expect((await call(sendEmailConfirmation, { token: key.body.data.secret })).status).toBe(401);
  });

  it("counts a completed magic-link sign-in as proof too", async () => {
    const account = await createAccount();
    await proveEmail(account);
    expect((await call(getTestSender, { token: account.accessToken })).body.data.emailProven).toBe(true);
  });
});
