// The portal's server-side bridge to the API, run in this process against
// the real server: its token refresh (the one place that refreshes) and the
// signed client address it sends over loopback.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { getMe } from "@/shared/api/endpoints/auth";
import { getMessage, sendMessage } from "@/shared/api/endpoints/messages";
import { listSessions } from "@/shared/api/endpoints/sessions";
import { call, randomIp } from "../support/api-client";
import { verifiedDomain } from "../support/domains";
import { createAccount } from "../support/factories";
import { newApiKey } from "../support/sending";

type Bridge = {
  portalTokens: typeof import("@/server/portal/portal-tokens");
  callApi: typeof import("@/server/portal/call-api");
};
let bridge: Bridge;

beforeAll(async () => {
  // Same configuration as the server under test: its port and its generated secrets.
  process.env.PORT = new URL(inject("baseUrl")).port;
  process.env.DATA_DIR = inject("serverDataDir");
  process.env.APP_ENV = "test";
  process.env.LOG_LEVEL = "silent";
  bridge = {
    portalTokens: await import("@/server/portal/portal-tokens"),
    callApi: await import("@/server/portal/call-api"),
  };
});

describe("portal token refresh", () => {
  it("keeps tokens that have more than a minute left", async () => {
    const account = await createAccount();
    const tokens = bridge.portalTokens.tokensFromPayload(account);
    const result = await bridge.portalTokens.ensureFreshTokens(tokens, { ip: randomIp(), userAgent: null });
    expect(result).toEqual({ tokens, refreshed: false });
  });

  it("refreshes tokens about to expire, and concurrent tabs end up with the same pair", async () => {
    const account = await createAccount();
    const expiring = { ...bridge.portalTokens.tokensFromPayload(account), accessTokenExpiresAt: Date.now() + 30_000 };
    const client = { ip: randomIp(), userAgent: "tab" };
    const [first, second] = await Promise.all([
      bridge.portalTokens.ensureFreshTokens(expiring, client),
      bridge.portalTokens.ensureFreshTokens(expiring, client),
    ]);
    expect(first.refreshed).toBe(true);
    expect(first.tokens!.refreshToken).not.toBe(account.refreshToken);
    expect(second.tokens!.refreshToken).toBe(first.tokens!.refreshToken);
    expect((await call(getMe, { token: first.tokens!.accessToken })).status).toBe(200);
  });

  it("reports a session the API ended as signed out", async () => {
    const account = await createAccount();
    const tokens = { ...bridge.portalTokens.tokensFromPayload(account), refreshToken: "rt_revoked_or_unknown", accessTokenExpiresAt: 0 };
    const result = await bridge.portalTokens.ensureFreshTokens(tokens, { ip: randomIp(), userAgent: null });
    expect(result).toEqual({ tokens: null, refreshed: true });
  });
});

describe("client address over loopback", () => {
  it("is believed when signed by the portal's key, and ignored when forged", async () => {
    const account = await createAccount();
    const vouched = await bridge.callApi.callApi<unknown>("/auth/me", {
      accessToken: account.accessToken,
      client: { ip: "192.0.2.44", userAgent: "portal" },
    });
    expect(vouched.status).toBe(200);
    const forgedSession = await fetch(`${inject("baseUrl")}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-ces-forwarded-client": "192.0.2.66 forged-signature" },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect(forgedSession.status).toBe(200);
    const signedSession = await bridge.callApi.callApi<{ accessToken: string }>("/auth/login", {
      method: "POST",
      body: { email: account.email, password: account.password },
      client: { ip: "192.0.2.55", userAgent: "portal" },
    });
    const sessions = await call(listSessions, { token: signedSession.body.data.accessToken });
    const addresses = sessions.body.data.map((session) => session.ipAddress);
    expect(addresses).toContain("192.0.2.55");
    expect(addresses).not.toContain("192.0.2.66");
  });
});

describe("where a send came from", () => {
  it("is the portal when the portal's server sends for a signed-in person, and the API otherwise (a forged header, an API key)", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account, "source");
    const body = { from: `hello@${domain.name}`, to: "someone@example.org", subject: "Where from?", text: "Hi" };
    const viaPortal = await bridge.callApi.callApi<{ id: string; source: string }>("/sending/messages", {
      method: "POST",
      accessToken: account.accessToken,
      body,
      client: { ip: "192.0.2.77", userAgent: "portal" },
    });
    expect(viaPortal.body.data.source).toBe("portal");
    const forged = await fetch(`${inject("baseUrl")}/api/v1/sending/messages`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${account.accessToken}`,
        "x-ces-forwarded-client": "192.0.2.66 forged-signature",
        "x-ces-via-portal": "1",
      },
      body: JSON.stringify(body),
    });
    expect(((await forged.json()) as { data: { source: string } }).data.source).toBe("api");
    const key = await newApiKey(account);
    expect((await call(sendMessage, { token: key.secret, body })).body.data.source).toBe("api");
    expect((await call(getMessage, { token: account.accessToken, params: { message_id: viaPortal.body.data.id } })).body.data.source).toBe(
      "portal",
    );
  });
});

// The server's own secrets file must exist for the bridge to sign like the portal does.
it("shares the server's generated secrets", () => {
  expect(JSON.parse(readFileSync(path.join(inject("serverDataDir"), "secrets.json"), "utf8")).authSecret).toBeTruthy();
});
