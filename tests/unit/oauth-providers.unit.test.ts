// Which providers are on, and what the start route says for one that is off
// (docs/oauth.md: 404 not_found). The running server always has both
// configured, so the "off" switch is checked here, without a server.
import { afterEach, describe, expect, it, vi } from "vitest";

// Each test imports the sign-in modules afresh (a few seconds when the integration tier shares the machine).
vi.setConfig({ testTimeout: 30_000 });

async function freshModules(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value as string);
  const providers = await import("@/server/services/oauth/providers");
  const start = await import("@/server/services/oauth/start-oauth-sign-in");
  return { ...providers, ...start };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("identity providers without credentials", () => {
  it("are off, and their start route answers 404 not_found before any provider is contacted", async () => {
    const oauth = await freshModules({
      GOOGLE_CLIENT_ID: "",
      GOOGLE_CLIENT_SECRET: "",
      GITHUB_CLIENT_ID: "id-only",
      GITHUB_CLIENT_SECRET: "",
    });
    expect(oauth.enabledProviders()).toEqual([]);
    await expect(oauth.startOAuthSignIn("google", { binding: null, returnTo: null })).rejects.toMatchObject({ code: "not_found" });
    expect(() => oauth.assertProviderEnabled("github")).toThrow(/not configured/);
  });

  it("are on with both an id and a secret", async () => {
    const oauth = await freshModules({
      GITHUB_CLIENT_ID: "id",
      GITHUB_CLIENT_SECRET: "secret",
      GOOGLE_CLIENT_ID: "",
      GOOGLE_CLIENT_SECRET: "",
    });
    expect(oauth.enabledProviders()).toEqual(["github"]);
    expect(oauth.callbackUrl("github")).toMatch(/\/api\/v1\/auth\/oauth\/github\/callback$/);
    expect(oauth.joinUrl("https://ghe.example/api/v3", "user/emails").href).toBe("https://ghe.example/api/v3/user/emails");
  });
});

describe("provider URLs", () => {
  it("must be https, except on loopback addresses", async () => {
    const { parseEnv } = await import("@/server/config/env");
    // Secrets given, so parsing never generates them under DATA_DIR.
    const secrets = { AUTH_SECRET: "unit-test-secret-unit-test-secret-0123", ENCRYPTION_KEY: "0".repeat(64) };
    expect(() => parseEnv({ ...secrets, GOOGLE_ISSUER: "http://accounts.example" })).toThrow(/GOOGLE_ISSUER: must be https/);
    expect(() => parseEnv({ ...secrets, GITHUB_API_URL: "http://10.0.0.1/api/v3" })).toThrow(/GITHUB_API_URL/);
    for (const url of ["http://127.0.0.1:9000", "http://localhost:9000", "http://[::1]:9000", "https://accounts.google.com"]) {
      expect(parseEnv({ ...secrets, GOOGLE_ISSUER: url }).GOOGLE_ISSUER).toBe(url);
    }
  });
});
