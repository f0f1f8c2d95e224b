// GET /dashboard/overview and GET /account/onboarding-profile, computed from
// what the account really has: each figure is set up through the API (a
// paid plan through the sandbox gateway's signed webhook) and asserted, and
// the recent events are the event feed's latest, newest first.
import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { register } from "@/shared/api/endpoints/auth";
import { startCheckout } from "@/shared/api/endpoints/billing";
import { getDashboardOverview, getOnboardingProfile } from "@/shared/api/endpoints/dashboard";
import { createDomain, verifyDomain } from "@/shared/api/endpoints/sending-domains";
import { createSmtpRelay, testSmtpRelay } from "@/shared/api/endpoints/smtp-relays";
import { sendMessage } from "@/shared/api/endpoints/messages";
import { createApiKey } from "@/shared/api/endpoints/api-keys";
import { listEvents } from "@/shared/api/endpoints/events";
import { addSuppression } from "@/shared/api/endpoints/suppressions";
import { freeLoopbackPort } from "@/server/engines/free-port";
import { inject } from "vitest";
import { call, request } from "../support/api-client";
import { dnsControl, publishRecords } from "../support/dns-server";
import { createAccount, signIn, strongPassword, uniqueEmail } from "../support/factories";
import { testPaymentSecrets } from "../support/fake-payment-providers";
import { ownedDomain } from "../support/domains";
import { newMailbox } from "../support/hosted-mailboxes";
import { eventually } from "../support/poll";

async function payForPro(token: string) {
  const started = await call(startCheckout, { token, body: { planId: "pro", provider: "sandbox" } });
  expect(started.status).toBe(201);
  const { reference, amount } = started.body.data;
  const body = JSON.stringify({
    id: `evt_${randomBytes(6).toString("hex")}`,
    type: "payment.succeeded",
    data: { reference, amount, currency: "USD" },
  });
  const signature = createHmac("sha256", testPaymentSecrets.sandboxWebhookSecret).update(body).digest("hex");
  expect(
    (await request("/payments/webhooks/sandbox", { method: "POST", body, headers: { "x-sandbox-signature": signature } })).status,
  ).toBe(200);
}

describe("the dashboard overview", () => {
  it("shows a new account's real starting point", async () => {
    const account = await createAccount();
    const overview = await call(getDashboardOverview, { token: account.accessToken });
    expect(overview.status).toBe(200);
    expect(overview.body.data).toMatchObject({
      plan: { id: "free", status: "active", cancelAtPeriodEnd: false },
      usage: { emailsSent: 0, quota: 3000, percentUsed: 0, creditBalance: 0 },
      domains: { total: 0, verified: 0 },
      relays: { total: 0, active: 0 },
      apiKeys: { total: 0 },
      mailboxes: { total: 0, included: 2 },
      twoFactorEnabled: false,
      activeSessions: 1,
      onboarding: { completed: 1, total: 8, percent: 13 },
    });
    // Signing in is account activity (GET /account/activity), not an event of its mail.
    expect(overview.body.data.recentEvents).toEqual([]);
  });

  it("counts domains, relays, sessions and a paid plan", async () => {
    const account = await createAccount();
    await signIn(account);
    await signIn(account);
    const token = account.accessToken;
    const verified = await call(createDomain, { token, body: { name: `dash-${randomBytes(4).toString("hex")}.example.net` } });
    await publishRecords(dnsControl(inject("dnsControlUrl")), verified.body.data.records);
    expect((await call(verifyDomain, { token, params: { domain_id: verified.body.data.domain_id } })).body.data.status).toBe("verified");
    await call(createDomain, { token, body: { name: `dash-${randomBytes(4).toString("hex")}.example.net` } });
    await call(createSmtpRelay, { token, body: { name: "Primary", smtp_host: "mail.example.net", smtp_port: 587 } });
    await call(createSmtpRelay, { token, body: { name: "Paused", smtp_host: "backup.example.net", smtp_port: 587, status: "inactive" } });
    await payForPro(token);

    const overview = (await call(getDashboardOverview, { token })).body.data;
    expect(overview).toMatchObject({
      plan: { id: "pro", name: "Pro", status: "active" },
      usage: { emailsSent: 0, quota: 150_000, percentUsed: 0 },
      domains: { total: 2, verified: 1 },
      relays: { total: 2, active: 1 },
      activeSessions: 3,
    });
    // Of all that, only the verification is an event of the feed.
    const events = await eventually(
      async () => (await call(getDashboardOverview, { token })).body.data.recentEvents,
      (items) => items.length > 0,
      { what: "the domain.verified event" },
    );
    expect(events).toMatchObject([
      { type: "domain.verified", object: { type: "domain", id: verified.body.data.domain_id }, detail: { previousStatus: "pending" } },
    ]);
    expect(overview.onboarding.steps.filter((step) => step.done).map((step) => step.id)).toEqual([
      "add_domain",
      "verify_domain",
      "add_relay",
      "choose_plan",
    ]);
  });

  it("flags a default relay that failed its test and does not tick the relay step for it", async () => {
    const account = await createAccount();
    const token = account.accessToken;
    // Nothing listens on this loopback port: the connection test is refused.
    const relay = await call(createSmtpRelay, {
      token,
      body: { name: "Broken", smtp_host: "127.0.0.1", smtp_port: await freeLoopbackPort(), encryption: "none" },
    });
    expect(relay.body.data.is_default).toBe(true);
    const untested = (await call(getDashboardOverview, { token })).body.data;
    expect(untested.relays.defaultFailing).toBe(false);
    expect(untested.onboarding.steps.find((step) => step.id === "add_relay")!.done).toBe(true);

    const tested = await call(testSmtpRelay, { token, params: { id: relay.body.data.id } });
    expect(tested.body.data.lastTestOk).toBe(false);
    const overview = (await call(getDashboardOverview, { token })).body.data;
    expect(overview.relays).toEqual({ total: 1, active: 1, defaultFailing: true });
    expect(overview.onboarding.steps.find((step) => step.id === "add_relay")!.done).toBe(false);
  });

  it("ticks the API key step, and not the test email while the test sender refuses", async () => {
    const account = await createAccount();
    const token = account.accessToken;
    await call(createApiKey, { token, body: { name: "k" } });
    const before = (await call(getDashboardOverview, { token })).body.data.onboarding.steps
      .filter((step) => step.done)
      .map((step) => step.id);
    expect(before).toEqual(["create_api_key", "choose_plan"]);
    // Unproven: the test sender refuses, and nothing is ticked for it.
    expect(
      (await call(sendMessage, { token, body: { from: "onboarding@localhost", to: account.email, subject: "Hi", text: "Hi" } })).status,
    ).toBe(403);
    expect((await call(getDashboardOverview, { token })).body.data.onboarding.completed).toBe(2);
  });

  it("counts hosted mailboxes against the plan's allowance and ticks the mailbox step", async () => {
    const account = await createAccount();
    const token = account.accessToken;
    const before = (await call(getDashboardOverview, { token })).body.data;
    expect(before.mailboxes).toEqual({ total: 0, included: 2 });
    expect(before.onboarding.steps.find((step) => step.id === "create_mailbox")).toMatchObject({ done: false, href: "/mailboxes" });

    const domain = await ownedDomain(account, "dash");
    await newMailbox(account, domain);
    const after = (await call(getDashboardOverview, { token })).body.data;
    expect(after.mailboxes).toEqual({ total: 1, included: 2 });
    expect(after.onboarding.steps.find((step) => step.id === "create_mailbox")!.done).toBe(true);
    const profile = (await call(getOnboardingProfile, { token })).body.data;
    expect(profile.steps.find((step) => step.id === "create_mailbox")!.done).toBe(true);
  });

  it("shows the feed's five latest events, newest first, and never another account's", async () => {
    const account = await createAccount();
    const other = await createAccount();
    const emails = Array.from({ length: 7 }, (_, index) => uniqueEmail(`dash-event-${index}`));
    for (const email of emails) expect((await call(addSuppression, { token: account.accessToken, body: { email } })).status).toBe(201);
    expect((await call(addSuppression, { token: other.accessToken, body: { email: uniqueEmail("other") } })).status).toBe(201);

    const feed = await eventually(
      async () => (await call(listEvents, { token: account.accessToken, query: { limit: 100 } })).body.data.items,
      (items) => items.length === emails.length,
      { what: "the seven suppression events in the feed" },
    );
    const overview = (await call(getDashboardOverview, { token: account.accessToken })).body.data;
    // The same events as the feed's last five, in reverse: the dashboard reads the feed's rows.
    expect(overview.recentEvents).toEqual(feed.slice(-5).reverse());
    expect(overview.recentEvents.map((event) => event.object.id)).toEqual(
      emails
        .slice(-5)
        .reverse()
        .map((email) => email.toLowerCase()),
    );
    expect(overview.recentEvents.every((event) => event.type === "suppression.added")).toBe(true);
  });

  it("answers 401 without a token", async () => {
    expect((await call(getDashboardOverview)).status).toBe(401);
  });
});

describe("the onboarding profile", () => {
  it("shows the plan asked for at registration as the intended plan until it is chosen", async () => {
    const email = uniqueEmail("onboarding");
    const registered = await call(register, { body: { email, password: strongPassword(), planId: "business" } });
    const token = registered.body.data.accessToken;
    const profile = await call(getOnboardingProfile, { token });
    expect(profile.body.data).toMatchObject({ intendedPlanId: "business", currentPlanId: "free", completed: 0, percent: 0 });
    const planStep = profile.body.data.steps.find((step) => step.id === "choose_plan")!;
    expect(planStep).toMatchObject({ done: false, href: "/billing" });
    expect(planStep.description).toContain("You asked for Business");
  });

  it("answers 401 without a token", async () => {
    expect((await call(getOnboardingProfile)).status).toBe(401);
  });
});
