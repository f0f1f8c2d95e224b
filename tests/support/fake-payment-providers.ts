// Stand-ins for Stripe's and Paystack's HTTP APIs: third parties outside the
// machine, faked here at the HTTP boundary only. The app talks to them
// through its real clients (the official stripe SDK, fetch for Paystack) via
// STRIPE_API_BASE / PAYSTACK_API_BASE. Webhooks are not faked: tests sign
// them with the same secrets the providers would use, and the app's own
// signature checks run unchanged. Tests set what "the provider" says about a
// payment through the /__control routes.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** The credentials the integration server is configured with (test values, never real keys). */
export const testPaymentSecrets = {
  stripeSecretKey: "sk_test_fake_local_provider",
  stripeWebhookSecret: "whsec_test_local_fake_provider_secret",
  paystackSecretKey: "sk_test_paystack_local_fake_provider",
  sandboxWebhookSecret: "sandbox-webhook-secret-for-integration-tests",
};

type StripeSession = {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
};

type PaystackTransaction = { id: number; reference: string; amount: number; currency: string; status: string };

export type FakePaymentProviders = { url: string; stop: () => Promise<void> };

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

export async function startFakePaymentProviders(): Promise<FakePaymentProviders> {
  const stripeSessions = new Map<string, StripeSession>();
  const paystackTransactions = new Map<string, PaystackTransaction>();
  let paystackIds = 1000;

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const body = await readBody(request);
    const path = url.pathname;

    // Stripe: Bearer secret key, form-encoded bodies.
    if (path.startsWith("/v1/")) {
      if (request.headers.authorization !== `Bearer ${testPaymentSecrets.stripeSecretKey}`) {
        return send(response, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      }
      if (request.method === "POST" && path === "/v1/checkout/sessions") {
        const form = new URLSearchParams(body);
        const id = `cs_test_${randomBytes(12).toString("hex")}`;
        const session: StripeSession = {
          id,
          object: "checkout.session",
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: "open",
          payment_status: "unpaid",
          client_reference_id: form.get("client_reference_id"),
          metadata: { reference: form.get("metadata[reference]") ?? "" },
          amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
          currency: form.get("line_items[0][price_data][currency]") ?? "usd",
        };
        stripeSessions.set(id, session);
        return send(response, 200, session);
      }
      const match = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path);
      if (request.method === "GET" && match && stripeSessions.has(match[1]!)) return send(response, 200, stripeSessions.get(match[1]!));
      return send(response, 404, { error: { type: "invalid_request_error", message: "No such resource" } });
    }

    // Paystack: Bearer secret key, JSON bodies, { status, message, data } answers.
    if (path.startsWith("/paystack/")) {
      if (request.headers.authorization !== `Bearer ${testPaymentSecrets.paystackSecretKey}`) {
        return send(response, 401, { status: false, message: "Invalid key" });
      }
      if (request.method === "POST" && path === "/paystack/transaction/initialize") {
        const input = JSON.parse(body) as { reference: string; amount: number; currency: string };
        paystackTransactions.set(input.reference, {
          id: paystackIds++,
          reference: input.reference,
          amount: input.amount,
          currency: input.currency,
          status: "abandoned",
        });
        return send(response, 200, {
          status: true,
          message: "Authorization URL created",
          data: {
            authorization_url: `https://checkout.paystack.test/${input.reference}`,
            access_code: randomBytes(8).toString("hex"),
            reference: input.reference,
          },
        });
      }
      const match = /^\/paystack\/transaction\/verify\/(.+)$/.exec(path);
      if (request.method === "GET" && match) {
        const transaction = paystackTransactions.get(decodeURIComponent(match[1]!));
        if (!transaction) return send(response, 400, { status: false, message: "Transaction reference not found" });
        return send(response, 200, { status: true, message: "Verification successful", data: transaction });
      }
      return send(response, 404, { status: false, message: "Not found" });
    }

    // Test controls: what the provider reports about a payment from now on.
    if (request.method === "POST" && path === "/__control/stripe") {
      const input = JSON.parse(body) as {
        sessionId: string;
        status: StripeSession["status"];
        payment_status: StripeSession["payment_status"];
      };
      const session = stripeSessions.get(input.sessionId);
      if (!session) return send(response, 404, {});
      Object.assign(session, { status: input.status, payment_status: input.payment_status });
      return send(response, 200, session);
    }
    if (request.method === "POST" && path === "/__control/paystack") {
      const input = JSON.parse(body) as { reference: string; status: string };
      const transaction = paystackTransactions.get(input.reference);
      if (!transaction) return send(response, 404, {});
      transaction.status = input.status;
      return send(response, 200, transaction);
    }
    if (request.method === "GET" && path === "/__control/stripe") {
      const reference = url.searchParams.get("reference");
      const session = [...stripeSessions.values()].find((entry) => entry.metadata.reference === reference);
      return session ? send(response, 200, session) : send(response, 404, {});
    }
    return send(response, 404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The integration server's environment for these providers. */
export function paymentProviderEnv(fakeUrl: string): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: testPaymentSecrets.stripeSecretKey,
    STRIPE_WEBHOOK_SECRET: testPaymentSecrets.stripeWebhookSecret,
    STRIPE_API_BASE: fakeUrl,
    PAYSTACK_SECRET_KEY: testPaymentSecrets.paystackSecretKey,
    PAYSTACK_API_BASE: `${fakeUrl}/paystack`,
    SANDBOX_WEBHOOK_SECRET: testPaymentSecrets.sandboxWebhookSecret,
  };
}
