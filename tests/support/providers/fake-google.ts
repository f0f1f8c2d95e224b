// A real OpenID Provider (the `oidc-provider` package) standing in for
// Google: discovery, authorization with PKCE, signed ID tokens, userinfo.
// Google is a third party outside the machine, so tests and e2e runs use this
// local issuer instead. Its login page asks who to be: email, whether the
// email is verified, and optionally a fixed subject, so tests choose the
// person. Consent is given automatically with the login.
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";
import { fakeGoogleClient } from "./fake-credentials";
import { escapeHtml, readForm } from "./http-helpers";

export type FakeGoogle = { issuer: string; clientId: string; clientSecret: string; stop: () => Promise<void> };

type Person = { sub: string; email: string; email_verified: boolean; name: string };

export const googleSubjectFor = (email: string) => `g-${createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 20)}`;

function loginPage(uid: string, clientId: string): string {
  return `<!doctype html><html><head><title>Fake Google sign-in</title></head><body>
<h1>Sign in to continue to ${escapeHtml(clientId)}</h1>
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
  <label>Email <input name="email" type="email" required></label>
  <label>Name <input name="name" value="Test Person"></label>
  <label>Subject <input name="sub" placeholder="derived from the email"></label>
  <label><input name="email_verified" type="checkbox" value="true" checked> Email verified</label>
  <button type="submit">Continue</button>
</form></body></html>`;
}

export async function startFakeGoogle(options: { redirectUris: string[]; port?: number }): Promise<FakeGoogle> {
  const people = new Map<string, Person>();
  const server = http.createServer();
  // The port is bound first (the issuer URL names it) and the provider set up
  // after: a request in between (a readiness probe) waits for the handler
  // instead of being left unanswered.
  let setHandler!: (handler: http.RequestListener) => void;
  const handlerReady = new Promise<http.RequestListener>((resolve) => (setHandler = resolve));
  server.on("request", (request, response) => void handlerReady.then((handler) => handler(request, response)));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { clientId, clientSecret } = fakeGoogleClient;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: "RS256", use: "sig", kid: "fake-google-1" }] },
    cookies: { keys: ["fake-google-cookie-key-0123456789"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // Like Google, put the scope's claims in the ID token itself.
    conformIdTokenClaims: false,
    // Like Google with a code_challenge sent: the verifier is checked; here it is also required.
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      return person ? { accountId: sub, claims: () => ({ ...person }) } : undefined;
    },
  });
  const providerCallback = provider.callback();

  async function interaction(request: http.IncomingMessage, response: http.ServerResponse, url: URL) {
    const details = await provider.interactionDetails(request, response);
    if (request.method === "GET") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(loginPage(details.uid, String(details.params.client_id)));
      return;
    }
    if (request.method !== "POST" || !url.pathname.endsWith("/login")) {
      response.writeHead(405).end();
      return;
    }
    const form = await readForm(request);
    const email = form.get("email") ?? "";
    const sub = form.get("sub") || googleSubjectFor(email);
    people.set(sub, { sub, email, email_verified: form.get("email_verified") === "true", name: form.get("name") || email });
    const grant = new provider.Grant({ accountId: sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  setHandler((request, response) => {
    const url = new URL(request.url ?? "/", issuer);
    if (url.pathname.startsWith("/interaction/")) {
      interaction(request, response, url).catch((error: Error) => {
        if (!response.headersSent) response.writeHead(400, { "content-type": "text/plain" }).end(error.message);
      });
      return;
    }
    void providerCallback(request, response);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
