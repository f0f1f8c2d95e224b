// Billing: plans, checkout, provider webhooks, verify/activate, invoices,
// cancellation and the period-end job. Stripe's and Paystack's APIs are
// faked at the HTTP boundary by a local server (tests/support/fake-payment-providers.ts);
// webhooks are signed here with the providers' own schemes and the
// configured secrets, so the app's signature checks run unchanged.
import { createHmac } from "node:crypto";
import Stripe from "stripe";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { register } from "@/shared/api/endpoints/auth";
import { deleteAccount } from "@/shared/api/endpoints/settings";
import {
  activateSubscription,
  cancelSubscription,
  getCredits,
  getSubscription,
  listInvoices,
  listPaymentMethods,
  listPlans,
  startCheckout,
  verifyPayment,
} from "@/shared/api/endpoints/billing";
import { getInvoice } from "@/shared/api/endpoints/invoices";
import { call, request } from "../support/api-client";
import { emailsTo, waitForEmail } from "../support/captured-email";
import { sql } from "../support/database";
import { createAccount, strongPassword, uniqueEmail, type TestAccount } from "../support/factories";
import { testPaymentSecrets } from "../support/fake-payment-providers";
import { holdsFor } from "../support/poll";

const DAY = 86_400_000;
const stripeSigner = new Stripe("sk_test_signing_only");

type SandboxEvent = { id: string; type: string; data: { reference: string; amount: number; currency: string } };

let eventCounter = 0;
const eventId = (prefix = "evt_test") => `${prefix}_${Date.now().toString(36)}_${++eventCounter}`;

function sandboxWebhook(event: SandboxEvent | string, signature?: string | null) {
  const body = typeof event === "string" ? event : JSON.stringify(event);
  const headers: Record<string, string> = {};
  const sig =
    signature === undefined ? createHmac("sha256", testPaymentSecrets.sandboxWebhookSecret).update(body).digest("hex") : signature;
  if (sig !== null) headers["x-sandbox-signature"] = sig;
  return request<{ received: boolean; duplicate: boolean }>("/payments/webhooks/sandbox", { method: "POST", body, headers });
}

function stripeWebhook(event: object, secret = testPaymentSecrets.stripeWebhookSecret) {
  const body = JSON.stringify(event);
  const header = stripeSigner.webhooks.generateTestHeaderString({ payload: body, secret });
  return request<{ received: boolean; duplicate: boolean }>("/payments/webhooks/stripe", {
    method: "POST",
    body,
    headers: { "stripe-signature": header },
  });
}

function paystackWebhook(event: object, secret = testPaymentSecrets.paystackSecretKey) {
  const body = JSON.stringify(event);
  const signature = createHmac("sha512", secret).update(body).digest("hex");
  return request<{ received: boolean; duplicate: boolean }>("/payments/webhooks/paystack", {
    method: "POST",
    body,
    headers: { "x-paystack-signature": signature },
  });
}

async function checkout(account: TestAccount, body: Record<string, unknown>) {
  const answer = await call(startCheckout, { token: account.accessToken, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data;
}

const succeeded = (reference: string, amount: number, id = eventId()): SandboxEvent => ({
  id,
  type: "payment.succeeded",
  data: { reference, amount, currency: "USD" },
});

async function fakeProvider(path: string, body: object) {
  const response = await fetch(`${inject("fakePaymentProvidersUrl")}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

async function stripeSessionOf(reference: string): Promise<{ id: string }> {
  const response = await fetch(`${inject("fakePaymentProvidersUrl")}/__control/stripe?reference=${reference}`);
  return (await response.json()) as { id: string };
}

async function countRows(table: string, reference: string, column = "payment_reference"): Promise<number> {
  const [row] = await sql<{ n: string }>(`select count(*) as n from ${table} where ${column} = $1`, [reference]);
  return Number(row!.n);
}

/** An account on Pro through the sandbox, and that payment's reference. */
async function accountOnPro() {
  const account = await createAccount();
  const started = await checkout(account, { planId: "pro", provider: "sandbox" });
  expect((await sandboxWebhook(succeeded(started.reference, started.amount))).status).toBe(200);
  return { account, reference: started.reference };
}

describe("plans, subscription and payment methods", () => {
  it("lists the plans without credentials, contact-sales plans marked", async () => {
    const plans = await call(listPlans);
    expect(plans.status).toBe(200);
    expect(plans.body.data.map((plan) => plan.id)).toEqual(["free", "starter", "pro", "business", "enterprise", "custom", "payg"]);
    // Hosted mailboxes per plan (docs/mailboxes.md).
    expect(plans.body.data.find((plan) => plan.id === "free")).toMatchObject({
      mailboxes: 2,
      mailboxQuotaMb: { default: 1024, max: 1024 },
    });
    expect(plans.body.data.find((plan) => plan.id === "custom")?.mailboxes).toBeNull();
    for (const plan of plans.body.data) {
      expect(plan.contactSales).toBe(plan.id === "enterprise" || plan.id === "custom");
      if (plan.selfServe) expect(plan.amount).toBeGreaterThan(0);
    }
  });

  it("starts a new account on free, whatever plan it registered with, with no invoices", async () => {
    const email = uniqueEmail();
    const registered = await call(register, { body: { email, password: strongPassword(), planId: "business" } });
    expect(registered.body.data.user.planId).toBe("free");
    const subscription = await call(getSubscription, { token: registered.body.data.accessToken });
    expect(subscription.status).toBe(200);
    expect(subscription.body.data).toMatchObject({
      planId: "free",
      status: "active",
      cancelAtPeriodEnd: false,
      emailsUsed: 0,
      creditBalance: 0,
      monthlyQuota: 3000,
    });
    const start = new Date(subscription.body.data.currentPeriodStart);
    expect(start.getUTCDate()).toBe(1);
    expect((await call(listInvoices, { token: registered.body.data.accessToken })).body.data).toEqual([]);
  });

  it("lists the enabled providers, the sandbox marked as a test gateway", async () => {
    const account = await createAccount();
    const methods = await call(listPaymentMethods, { token: account.accessToken });
    expect(methods.body.data.map((method) => method.provider)).toEqual(["stripe", "paystack", "sandbox"]);
    expect(methods.body.data.find((method) => method.provider === "sandbox")?.test).toBe(true);
  });

  it("needs a token for every account operation (401)", async () => {
    for (const endpoint of [getSubscription, getCredits, listInvoices, listPaymentMethods]) {
      expect((await call(endpoint)).status, endpoint.operationId).toBe(401);
    }
    expect((await call(startCheckout, { body: { planId: "pro", provider: "sandbox" } })).status).toBe(401);
    expect((await call(verifyPayment, { body: { provider: "sandbox", reference: "pay-x" } })).status).toBe(401);
    expect((await call(activateSubscription, { body: { reference: "pay-x" } })).status).toBe(401);
    expect((await call(cancelSubscription)).status).toBe(401);
  });
});

describe("POST /billing/checkout", () => {
  it("refuses bad input with the field's path", async () => {
    const account = await createAccount();
    const cases: [unknown, string][] = [
      [{ provider: "sandbox" }, ""],
      [{ planId: "pro", creditPackId: "credits_10k", provider: "sandbox" }, ""],
      [{ planId: "gold", provider: "sandbox" }, "planId"],
      [{ planId: "pro", provider: "paypal" }, "provider"],
      [{ planId: "pro" }, "provider"],
      [{ planId: "pro", provider: "sandbox", coupon: "x" }, ""],
      [{ creditPackId: "credits_1", provider: "sandbox" }, "creditPackId"],
    ];
    for (const [body, path] of cases) {
      const answer = await call(startCheckout, { token: account.accessToken, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(
        answer.error?.errors?.map((error) => error.path),
        JSON.stringify(body),
      ).toContain(path);
    }
  });

  it("sends free, enterprise and custom to sales (409 contact_sales)", async () => {
    const account = await createAccount();
    for (const planId of ["free", "enterprise", "custom"]) {
      expect((await call(startCheckout, { token: account.accessToken, body: { planId, provider: "sandbox" } })).error?.code, planId).toBe(
        "contact_sales",
      );
    }
  });

  it("answers the sandbox checkout page and a reference, and leaves the plan alone until paid", async () => {
    const account = await createAccount();
    const started = await checkout(account, { planId: "starter", provider: "sandbox" });
    expect(started).toMatchObject({ amount: 2000, currency: "USD", provider: "sandbox", planId: "starter", creditPackId: null });
    expect(new URL(started.checkoutUrl).pathname).toBe(`/billing/sandbox/checkout/${started.reference}`);
    expect((await call(getSubscription, { token: account.accessToken })).body.data.planId).toBe("free");
    const verified = await call(verifyPayment, { token: account.accessToken, body: { provider: "sandbox", reference: started.reference } });
    expect(verified.body.data.status).toBe("pending");
    const activate = await call(activateSubscription, { token: account.accessToken, body: { reference: started.reference } });
    expect(activate.status).toBe(409);
    expect(activate.error).toMatchObject({ code: "payment_not_succeeded", status: "pending" });
  });
});

describe("POST /payments/webhooks/{provider}", () => {
  it("refuses missing and wrong signatures (401) and unknown providers (404)", async () => {
    const account = await createAccount();
    const started = await checkout(account, { planId: "pro", provider: "sandbox" });
    const event = succeeded(started.reference, started.amount);
    expect((await sandboxWebhook(event, null)).error?.code).toBe("invalid_signature");
    expect((await sandboxWebhook(event, "00".repeat(32))).status).toBe(401);
    expect((await sandboxWebhook(event, "not hex")).status).toBe(401);
    const otherBody = createHmac("sha256", testPaymentSecrets.sandboxWebhookSecret).update("{}").digest("hex");
    expect((await sandboxWebhook(event, otherBody)).status).toBe(401);
    const wrongSecret = createHmac("sha256", "another-secret-entirely").update(JSON.stringify(event)).digest("hex");
    expect((await sandboxWebhook(event, wrongSecret)).status).toBe(401);

    expect(
      (await stripeWebhook({ id: eventId("evt"), type: "checkout.session.completed", data: { object: {} } }, "whsec_wrong")).status,
    ).toBe(401);
    expect((await request("/payments/webhooks/stripe", { method: "POST", body: "{}" })).status).toBe(401);
    expect((await paystackWebhook({ event: "charge.success", data: { id: 1, reference: started.reference } }, "sk_wrong")).status).toBe(
      401,
    );
    expect((await request("/payments/webhooks/paystack", { method: "POST", body: "{}" })).status).toBe(401);
    expect((await request("/payments/webhooks/paypal", { method: "POST", body: "{}" })).status).toBe(404);

    // Nothing was applied by any of them.
    expect((await call(getSubscription, { token: account.accessToken })).body.data.planId).toBe("free");
    expect(await countRows("payment_events", started.reference, "reference")).toBe(0);
  });

  it("refuses bodies over 1 MiB (413) before looking at them", async () => {
    const huge = JSON.stringify({ padding: "x".repeat(1024 * 1024 + 10) });
    expect((await sandboxWebhook(huge)).status).toBe(413);
  });

  it("applies a paid checkout: plan active for a month, one invoice, verify and activate agree", async () => {
    const { account, reference } = await accountOnPro();
    const subscription = (await call(getSubscription, { token: account.accessToken })).body.data;
    expect(subscription).toMatchObject({ planId: "pro", status: "active", cancelAtPeriodEnd: false, monthlyQuota: 150000 });
    const days = (Date.parse(subscription.currentPeriodEnd) - Date.parse(subscription.currentPeriodStart)) / DAY;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    const invoices = (await call(listInvoices, { token: account.accessToken })).body.data;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      amount: 5000,
      currency: "USD",
      status: "paid",
      periodStart: subscription.currentPeriodStart,
      periodEnd: subscription.currentPeriodEnd,
    });
    expect(invoices[0]!.number).toMatch(/^INV-\d{6,}$/);
    const [row] = await sql<{ plan_id: string }>("select plan_id from accounts where id = $1", [account.user.id]);
    expect(row!.plan_id).toBe("pro");

    for (let i = 0; i < 2; i++) {
      const verified = await call(verifyPayment, { token: account.accessToken, body: { provider: "sandbox", reference } });
      expect(verified.body.data).toMatchObject({
        reference,
        status: "succeeded",
        amount: 5000,
        currency: "USD",
        planId: "pro",
        creditPackId: null,
      });
      const activated = await call(activateSubscription, { token: account.accessToken, body: { reference } });
      expect(activated.status).toBe(200);
      expect(activated.body.data.planId).toBe("pro");
      expect(activated.body.data.currentPeriodEnd).toBe(subscription.currentPeriodEnd);
    }
    expect(await countRows("invoices", reference)).toBe(1);
  });

  it("serves each invoice for its printable page, to its own account only, and emails one receipt per payment", async () => {
    const { account, reference } = await accountOnPro();
    const [listed] = (await call(listInvoices, { token: account.accessToken })).body.data;
    const invoice = await call(getInvoice, { token: account.accessToken, params: { invoice_id: listed!.id } });
    expect(invoice.status).toBe(200);
    expect(invoice.body.data).toMatchObject({
      ...listed,
      billedTo: { email: account.email, name: null },
      paymentReference: reference,
      provider: "sandbox",
      issuer: { name: "Customer Email Service" },
    });

    const receipt = await waitForEmail(account.email, { subject: `Receipt for $50.00 (${listed!.number})` });
    expect(receipt.text).toContain(`/billing/invoices/${listed!.id}`);
    expect(receipt.text).toContain("Pro plan");
    // Activating again (the customer's tab coming back) sends no second receipt.
    expect((await call(activateSubscription, { token: account.accessToken, body: { reference } })).status).toBe(200);
    await holdsFor(() => emailsTo(account.email).filter((email) => email.subject.startsWith("Receipt for")).length <= 1, 2_000);
    expect(emailsTo(account.email).filter((email) => email.subject.startsWith("Receipt for"))).toHaveLength(1);

    const other = await createAccount();
    expect((await call(getInvoice, { token: other.accessToken, params: { invoice_id: listed!.id } })).status).toBe(404);
    expect((await call(getInvoice, { token: account.accessToken, params: { invoice_id: "inv_unknown" } })).status).toBe(404);
    expect((await call(getInvoice, { params: { invoice_id: listed!.id } })).status).toBe(401);
  });

  it("takes the same event delivered 20 times at once as one: one payment, one activation, one invoice", async () => {
    const account = await createAccount();
    const started = await checkout(account, { planId: "business", provider: "sandbox" });
    const event = succeeded(started.reference, started.amount);
    const answers = await Promise.all(Array.from({ length: 20 }, () => sandboxWebhook(event)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((answer) => !answer.body.data.duplicate)).toHaveLength(1);

    expect(await countRows("payment_events", started.reference, "reference")).toBe(1);
    expect(await countRows("invoices", started.reference)).toBe(1);
    const [payment] = await sql<{ status: string; n: string }>("select status, count(*) over () as n from payments where reference = $1", [
      started.reference,
    ]);
    expect(payment).toMatchObject({ status: "succeeded", n: "1" });
    const activations = await sql("select 1 from activity_events where account_id = $1 and type = 'billing.plan_activated'", [
      account.user.id,
    ]);
    expect(activations).toHaveLength(1);

    // Distinct events for the same payment (a provider resending under new ids) change nothing either.
    await Promise.all(Array.from({ length: 5 }, () => sandboxWebhook(succeeded(started.reference, started.amount))));
    expect(await countRows("invoices", started.reference)).toBe(1);
    expect(
      await sql("select 1 from activity_events where account_id = $1 and type = 'billing.plan_activated'", [account.user.id]),
    ).toHaveLength(1);
  });

  it("never lets a late failure undo a success, and lets a failed payment succeed later", async () => {
    const { account, reference } = await accountOnPro();
    const late = await sandboxWebhook({ id: eventId(), type: "payment.failed", data: { reference, amount: 5000, currency: "USD" } });
    expect(late.status).toBe(200);
    expect((await call(verifyPayment, { token: account.accessToken, body: { provider: "sandbox", reference } })).body.data.status).toBe(
      "succeeded",
    );
    expect((await call(getSubscription, { token: account.accessToken })).body.data.planId).toBe("pro");

    const other = await createAccount();
    const started = await checkout(other, { planId: "starter", provider: "sandbox" });
    await sandboxWebhook({
      id: eventId(),
      type: "payment.failed",
      data: { reference: started.reference, amount: started.amount, currency: "USD" },
    });
    expect(
      (await call(verifyPayment, { token: other.accessToken, body: { provider: "sandbox", reference: started.reference } })).body.data
        .status,
    ).toBe("failed");
    expect((await call(activateSubscription, { token: other.accessToken, body: { reference: started.reference } })).error).toMatchObject({
      code: "payment_not_succeeded",
      status: "failed",
    });
    await sandboxWebhook(succeeded(started.reference, started.amount));
    expect((await call(getSubscription, { token: other.accessToken })).body.data.planId).toBe("starter");
    expect(await countRows("invoices", started.reference)).toBe(1);
  });

  it("does not activate a payment whose amount differs from the checkout", async () => {
    const account = await createAccount();
    const started = await checkout(account, { planId: "business", provider: "sandbox" });
    expect((await sandboxWebhook(succeeded(started.reference, 1))).status).toBe(200);
    expect((await call(getSubscription, { token: account.accessToken })).body.data.planId).toBe("free");
    expect(await countRows("invoices", started.reference)).toBe(0);
  });

  it("answers 200 to verified events it does not act on, and to events for unknown payments", async () => {
    expect(
      (await sandboxWebhook({ id: eventId(), type: "payment.refund_requested", data: { reference: "pay-x", amount: 1, currency: "USD" } }))
        .status,
    ).toBe(200);
    expect((await sandboxWebhook(succeeded("pay-unknown", 100))).status).toBe(200);
    expect((await stripeWebhook({ id: eventId("evt"), object: "event", type: "customer.created", data: { object: {} } })).status).toBe(200);
  });
});

describe("Stripe", () => {
  it("activates on checkout.session.completed, signed as Stripe signs it", async () => {
    const account = await createAccount();
    const started = await checkout(account, { planId: "starter", provider: "stripe" });
    expect(started.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const session = await stripeSessionOf(started.reference);
    const event = {
      id: eventId("evt"),
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          id: session.id,
          object: "checkout.session",
          status: "complete",
          payment_status: "paid",
          client_reference_id: started.reference,
          metadata: { reference: started.reference },
          amount_total: 2000,
          currency: "usd",
        },
      },
    };
    expect((await stripeWebhook(event)).status).toBe(200);
    expect((await stripeWebhook(event)).body.data.duplicate).toBe(true);
    expect((await call(getSubscription, { token: account.accessToken })).body.data.planId).toBe("starter");
    // An expiry arriving late does not undo it.
    await stripeWebhook({
      ...event,
      id: eventId("evt"),
      type: "checkout.session.expired",
      data: { object: { ...event.data.object, status: "expired", payment_status: "unpaid" } },
    });
    expect(
      (await call(verifyPayment, { token: account.accessToken, body: { provider: "stripe", reference: started.reference } })).body.data
        .status,
    ).toBe("succeeded");
    expect(await countRows("invoices", started.reference)).toBe(1);
  });

  it("asks Stripe when no webhook has arrived, and activates once", async () => {
    const account = await createAccount();
    const started = await checkout(account, { planId: "pro", provider: "stripe" });
    const session = await stripeSessionOf(started.reference);
    expect(
      (await call(verifyPayment, { token: account.accessToken, body: { provider: "stripe", reference: started.reference } })).body.data
        .status,
    ).toBe("pending");
    await fakeProvider("/__control/stripe", { sessionId: session.id, status: "complete", payment_status: "paid" });
    const answers = await Promise.all([
      call(activateSubscription, { token: account.accessToken, body: { reference: started.reference } }),
      call(verifyPayment, { token: account.accessToken, body: { provider: "stripe", reference: started.reference } }),
      call(activateSubscription, { token: account.accessToken, body: { reference: started.reference } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect((await call(getSubscription, { token: account.accessToken })).body.data.planId).toBe("pro");
    expect(await countRows("invoices", started.reference)).toBe(1);
  });
});

describe("Paystack", () => {
  it("adds credits on charge.success signed with HMAC-SHA512, once", async () => {
    const account = await createAccount();
    const started = await checkout(account, { creditPackId: "credits_50k", provider: "paystack" });
    expect(started).toMatchObject({ amount: 4500, planId: null, creditPackId: "credits_50k" });
    const event = {
      event: "charge.success",
      data: { id: 424242 + eventCounter++, reference: started.reference, amount: 4500, currency: "USD", status: "success" },
    };
    const answers = await Promise.all([paystackWebhook(event), paystackWebhook(event), paystackWebhook(event)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const credits = await call(getCredits, { token: account.accessToken });
    expect(credits.body.data.balance).toBe(50_000);
    expect(credits.body.data.packs.map((pack) => pack.id)).toEqual(["credits_10k", "credits_50k", "credits_250k"]);
    expect((await call(getSubscription, { token: account.accessToken })).body.data).toMatchObject({
      planId: "free",
      creditBalance: 50_000,
    });
    const invoices = (await call(listInvoices, { token: account.accessToken })).body.data;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ amount: 4500, periodStart: null, periodEnd: null });
  });

  it("asks Paystack on verify, and stays pending while the customer has not finished", async () => {
    const account = await createAccount();
    const started = await checkout(account, { planId: "payg", provider: "paystack" });
    const verify = () => call(verifyPayment, { token: account.accessToken, body: { provider: "paystack", reference: started.reference } });
    expect((await verify()).body.data.status).toBe("pending");
    await fakeProvider("/__control/paystack", { reference: started.reference, status: "success" });
    expect((await verify()).body.data.status).toBe("succeeded");
    expect((await verify()).body.data.status).toBe("succeeded");
    const subscription = (await call(getSubscription, { token: account.accessToken })).body.data;
    expect(subscription).toMatchObject({ planId: "payg", monthlyQuota: 0, creditBalance: 10_000 });
    expect(await countRows("invoices", started.reference)).toBe(1);
  });
});

describe("another account's payments", () => {
  it("answers 404 for references that are not the caller's (or do not exist), and 400 for bad bodies", async () => {
    const { reference } = await accountOnPro();
    const stranger = await createAccount();
    expect((await call(verifyPayment, { token: stranger.accessToken, body: { provider: "sandbox", reference } })).status).toBe(404);
    expect((await call(activateSubscription, { token: stranger.accessToken, body: { reference } })).status).toBe(404);
    expect((await call(verifyPayment, { token: stranger.accessToken, body: { provider: "sandbox", reference: "pay-nope" } })).status).toBe(
      404,
    );
    expect((await call(activateSubscription, { token: stranger.accessToken, body: { reference: "pay-nope" } })).status).toBe(404);
    expect((await call(getSubscription, { token: stranger.accessToken })).body.data.planId).toBe("free");

    const bad = await call(verifyPayment, { token: stranger.accessToken, body: { reference } });
    expect(bad.error?.errors?.map((error) => error.path)).toContain("provider");
    expect(
      (await call(activateSubscription, { token: stranger.accessToken, body: {} })).error?.errors?.map((error) => error.path),
    ).toContain("reference");
    expect((await call(cancelSubscription, { token: stranger.accessToken, body: { now: true } })).status).toBe(400);
  });
});

describe("cancellation and the period-end job", () => {
  let endDuePeriods: (at?: Date) => Promise<number>;
  let purgeDueAccounts: (at?: Date) => Promise<number>;

  beforeAll(async () => {
    // Run the job's own code against the server's database, with the clock moved on.
    process.env.DATABASE_URL = inject("databaseUrl");
    process.env.DATA_DIR = inject("serverDataDir");
    process.env.LOG_LEVEL = "silent";
    ({ endDuePeriods } = await import("@/server/services/billing/end-due-periods"));
    ({ purgeDueAccounts } = await import("@/server/services/account/account-deletion"));
  });

  it("refuses to cancel free (409 nothing_to_cancel)", async () => {
    const account = await createAccount();
    expect((await call(cancelSubscription, { token: account.accessToken })).error?.code).toBe("nothing_to_cancel");
  });

  it("keeps the plan until the period ends, then the job moves the account to free", async () => {
    const { account } = await accountOnPro();
    const cancelled = await call(cancelSubscription, { token: account.accessToken });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ planId: "pro", status: "active", cancelAtPeriodEnd: true });
    expect(cancelled.body.data.canceledAt).not.toBeNull();
    const end = new Date(cancelled.body.data.currentPeriodEnd);
    expect((await call(cancelSubscription, { token: account.accessToken, body: {} })).error?.code).toBe("nothing_to_cancel");

    await endDuePeriods(new Date(end.getTime() - 60_000));
    expect((await call(getSubscription, { token: account.accessToken })).body.data).toMatchObject({
      planId: "pro",
      cancelAtPeriodEnd: true,
    });

    await endDuePeriods(new Date(end.getTime() + 1000));
    const after = (await call(getSubscription, { token: account.accessToken })).body.data;
    expect(after).toMatchObject({ planId: "free", status: "canceled", endedPlanId: "pro", cancelAtPeriodEnd: false, monthlyQuota: 3000 });
    const [row] = await sql<{ plan_id: string }>("select plan_id from accounts where id = $1", [account.user.id]);
    expect(row!.plan_id).toBe("free");
    expect((await call(cancelSubscription, { token: account.accessToken })).error?.code).toBe("nothing_to_cancel");
  });

  it("marks an unpaid renewal past_due, keeps the plan for a grace week, then falls back to free", async () => {
    const { account } = await accountOnPro();
    const end = new Date((await call(getSubscription, { token: account.accessToken })).body.data.currentPeriodEnd);
    await endDuePeriods(new Date(end.getTime() + 1000));
    expect((await call(getSubscription, { token: account.accessToken })).body.data).toMatchObject({ planId: "pro", status: "past_due" });
    await endDuePeriods(new Date(end.getTime() + 6 * DAY));
    expect((await call(getSubscription, { token: account.accessToken })).body.data.status).toBe("past_due");
    await endDuePeriods(new Date(end.getTime() + 7 * DAY + 1000));
    expect((await call(getSubscription, { token: account.accessToken })).body.data).toMatchObject({
      planId: "free",
      status: "canceled",
      endedPlanId: "pro",
    });
  });

  it("rolls a renewal paid during the term into the next month", async () => {
    const { account } = await accountOnPro();
    const first = (await call(getSubscription, { token: account.accessToken })).body.data;
    const renewal = await checkout(account, { planId: "pro", provider: "sandbox" });
    await sandboxWebhook(succeeded(renewal.reference, renewal.amount));
    const invoices = (await call(listInvoices, { token: account.accessToken })).body.data;
    expect(invoices).toHaveLength(2);
    expect(invoices[0]!.periodStart).toBe(first.currentPeriodEnd);

    await endDuePeriods(new Date(Date.parse(first.currentPeriodEnd) + 1000));
    const rolled = (await call(getSubscription, { token: account.accessToken })).body.data;
    expect(rolled).toMatchObject({
      planId: "pro",
      status: "active",
      currentPeriodStart: first.currentPeriodEnd,
      currentPeriodEnd: invoices[0]!.periodEnd,
    });
  });

  it("erases the account's billing records with the account", async () => {
    const { account, reference } = await accountOnPro();
    const credits = await checkout(account, { creditPackId: "credits_10k", provider: "sandbox" });
    await sandboxWebhook(succeeded(credits.reference, credits.amount));
    const tables: [string, string][] = [
      ["subscriptions", "account_id"],
      ["payments", "account_id"],
      ["invoices", "account_id"],
      ["email_credit_entries", "account_id"],
    ];
    for (const [table, column] of tables) expect(await countRows(table, account.user.id, column), table).toBeGreaterThan(0);
    expect((await call(deleteAccount, { token: account.accessToken })).status).toBe(200);
    await purgeDueAccounts(new Date(Date.now() + 31 * DAY));
    for (const [table, column] of tables) expect(await countRows(table, account.user.id, column), table).toBe(0);
    expect(await countRows("payments", reference, "reference")).toBe(0);
  });
});
