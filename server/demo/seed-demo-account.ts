// `npm run seed:demo`: one demo account with something on every page, made
// through the app's own services (the same rows, events, sealed secrets and
// queued jobs the API would produce). Two steps cannot happen for real
// offline and are stood in for at the smallest point:
//   - DNS: the verified domain is checked by checkDomain against a lookup that
//     answers the records it asked for (published-records-lookup.ts);
//   - the payment: the sandbox gateway's own "Pay" decision, then the
//     customer's confirmation (activateSubscription), which fulfils it through
//     the webhook's code path and issues the invoice.
import { randomBytes } from "node:crypto";
import { pool } from "@/server/db/client";
import { authenticateApiKey } from "@/server/services/api-keys/authenticate-api-key";
import { createApiKey } from "@/server/services/api-keys/manage-api-keys";
import { authenticateToken } from "@/server/services/auth/authenticate-bearer";
import { registerAccount } from "@/server/services/auth/register-account";
import { signOut } from "@/server/services/auth/sign-out";
import { activateSubscription } from "@/server/services/billing/activate-subscription";
import { listInvoices } from "@/server/services/billing/list-invoices";
import { startCheckout } from "@/server/services/billing/start-checkout";
import { checkDomain } from "@/server/services/domains/check-domain";
import { createDomain } from "@/server/services/domains/create-domain";
import { decideSandboxCharge } from "@/server/payments/sandbox-gateway";
import { sendMessage } from "@/server/services/messages/send-message";
import { createRelay } from "@/server/services/relays/create-relay";
import { openTicket } from "@/server/services/support/open-ticket";
import { createApiKeyBody } from "@/shared/schemas/api-keys";
import { registerBody } from "@/shared/schemas/auth";
import { checkoutBody } from "@/shared/schemas/billing";
import { sendMessageBody } from "@/shared/schemas/messages";
import { createSmtpRelayBody } from "@/shared/schemas/smtp-relay";
import { openTicketBody } from "@/shared/schemas/support";
import { publishedRecordsLookup } from "./published-records-lookup";
import type { ClientInfo } from "@/shared/api/client-info";

/** Who the activity log says did it. */
const SEED_CLIENT: ClientInfo = { ip: "127.0.0.1", userAgent: "npm run seed:demo" };

export type DemoAccount = {
  email: string;
  password: string;
  accountId: string;
  apiKey: { secret: string; prefix: string; scope: string };
  domains: { name: string; status: string }[];
  relays: { name: string; host: string; port: number; status: string; isDefault: boolean }[];
  plan: { id: string; status: string; periodEnd: string | null };
  invoice: { number: string; amount: number; currency: string };
  messages: { id: string; to: string[]; subject: string; status: string }[];
  ticket: { reference: string; subject: string };
};

/** A password nobody has seen before: 20 characters of base64url. */
const demoPassword = () => `Demo-${randomBytes(15).toString("base64url")}`;

async function addDomains(accountId: string, brand: string) {
  const verified = await createDomain(accountId, { name: `${brand}.example.com` }, SEED_CLIENT);
  const checked = await checkDomain(verified.domain_id, { requestedBy: SEED_CLIENT, lookup: publishedRecordsLookup(verified.records) });
  if (checked.domain.status !== "verified") throw new Error(`the demo domain ${verified.name} did not verify (${checked.domain.status})`);
  // Left as added: a real customer's domain waiting for its DNS records.
  const pending = await createDomain(accountId, { name: `news.${brand}.example.com` }, SEED_CLIENT);
  return { verified: checked.domain, pending };
}

/**
 * The default relay is paused (status inactive): the app then delivers the
 * demo's messages through its own email transport (the dev mailbox outside
 * production) instead of trying smtp.example.com, which does not exist. An
 * inactive default is not used, not replaced (see README, "SMTP relays").
 */
async function addRelays(accountId: string) {
  const primary = await createRelay(
    accountId,
    createSmtpRelayBody.parse({
      name: "Primary relay (paused)",
      smtp_host: "smtp.example.com",
      smtp_port: 587,
      encryption: "starttls",
      smtp_username: "demo",
      smtp_password: randomBytes(12).toString("base64url"),
      status: "inactive",
      is_default: true,
    }),
    SEED_CLIENT,
  );
  const backup = await createRelay(
    accountId,
    createSmtpRelayBody.parse({
      name: "Backup relay",
      smtp_host: "smtp-backup.example.com",
      smtp_port: 465,
      encryption: "ssl_tls",
      is_default: false,
    }),
    SEED_CLIENT,
  );
  return [primary, backup];
}

async function buyPlan(auth: Awaited<ReturnType<typeof authenticateToken>>, planId: "pro") {
  const checkout = await startCheckout(auth, checkoutBody.parse({ planId, provider: "sandbox" }), SEED_CLIENT);
  // Pressing "Pay" on the sandbox checkout page: the gateway records the
  // decision and posts its signed webhook to the app on PORT. If no app is
  // listening there, the confirmation below asks the gateway instead, exactly
  // as the portal's return page does after a lost webhook.
  if (!(await decideSandboxCharge(checkout.reference, "pay"))) throw new Error("the sandbox gateway does not know the demo payment");
  const subscription = await activateSubscription(auth.accountId, checkout.reference);
  const [invoice] = await listInvoices(auth.accountId);
  if (!invoice) throw new Error("the demo payment issued no invoice");
  return { subscription, invoice };
}

function demoMessages(from: string) {
  return [
    {
      to: "ada@example.com",
      subject: "Welcome to Acme",
      text: "Hi Ada,\n\nthanks for signing up. Your workspace is ready.\n\nAcme",
      html: "<p>Hi Ada,</p><p>thanks for signing up. Your workspace is ready.</p><p>Acme</p>",
    },
    {
      to: "grace@example.com",
      subject: "Your receipt #1042",
      text: "Hi Grace,\n\nwe received your payment of $49.00. Thank you!\n\nAcme",
      tags: [{ name: "category", value: "receipt" }],
    },
    {
      to: ["linus@example.com", "margaret@example.com"],
      subject: "Release notes for March",
      html: '<h1>What\'s new</h1><p>Faster exports and a dark theme. <a href="https://example.com/changelog">Read the changelog</a>.</p>',
      trackOpens: true,
      trackClicks: true,
    },
  ].map((message) => sendMessageBody.parse({ from, ...message }));
}

async function sendDemoMessages(apiKeySecret: string, from: string) {
  // Sent as an integrator would: authenticated by the new API key.
  const principal = await authenticateApiKey(apiKeySecret);
  const sent = [];
  for (const [index, input] of demoMessages(from).entries()) {
    const { message } = await sendMessage({ ...principal, sessionId: null }, { input, idempotencyKey: `demo-seed-${index + 1}` });
    sent.push({ id: message.id, to: message.to, subject: message.subject, status: message.status });
  }
  return sent;
}

export async function seedDemoAccount(): Promise<DemoAccount> {
  const suffix = randomBytes(3).toString("hex");
  const password = demoPassword();
  const registered = await registerAccount(
    registerBody.parse({ email: `demo+${suffix}@example.com`, password, planId: "pro" }),
    SEED_CLIENT,
  );
  const auth = await authenticateToken(registered.accessToken);
  const accountId = auth.accountId;

  const domains = await addDomains(accountId, `acme-${suffix}`);
  const relays = await addRelays(accountId);
  const { subscription, invoice } = await buyPlan(auth, "pro");
  const apiKey = await createApiKey(auth, createApiKeyBody.parse({ name: "Demo sending key", scope: "sending" }), SEED_CLIENT);
  const messages = await sendDemoMessages(apiKey.secret, `Acme <hello@${domains.verified.name}>`);
  const ticket = await openTicket(
    openTicketBody.parse({
      name: "Demo Customer",
      email: registered.user.email,
      subject: `DNS records for news.acme-${suffix}.example.com`,
      category: "deliverability",
      message: "Our second sending domain has been pending since we added it. Which records are still missing?",
    }),
    auth,
    SEED_CLIENT,
  );
  // The seed's own session ends here, so the account's session list starts empty.
  await signOut(registered.refreshToken, SEED_CLIENT);

  return {
    email: registered.user.email,
    password,
    accountId,
    apiKey: { secret: apiKey.secret, prefix: apiKey.prefix, scope: apiKey.scope },
    domains: [
      { name: domains.verified.name, status: domains.verified.status },
      { name: domains.pending.name, status: domains.pending.status },
    ],
    relays: relays.map((relay) => ({
      name: relay.name,
      host: relay.smtp_host,
      port: relay.smtp_port,
      status: relay.status,
      isDefault: relay.is_default,
    })),
    plan: { id: subscription.planId, status: subscription.status, periodEnd: subscription.currentPeriodEnd ?? null },
    invoice: { number: invoice.number, amount: invoice.amount, currency: invoice.currency },
    messages,
    ticket: { reference: ticket.reference, subject: ticket.subject },
  };
}

/** Closes what the services opened (the pool, the job sender), so the script can exit. */
export async function closeConnections(): Promise<void> {
  const holder = globalThis as typeof globalThis & { __cesJobSender?: Promise<{ stop: (options?: object) => Promise<void> }> };
  await (await holder.__cesJobSender)?.stop({ graceful: false, close: false }).catch(() => {});
  await pool()
    .end()
    .catch(() => {});
}
