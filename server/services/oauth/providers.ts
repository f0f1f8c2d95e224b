// The two identity providers (docs/oauth.md), their switches and their
// openid-client configurations. A provider is on only when both its client id
// and secret are configured. Endpoints come from configuration (Google: an
// OIDC issuer found by discovery; GitHub: web and API base URLs, as GitHub
// Enterprise needs); plain http is accepted for loopback addresses only.
import * as oidc from "openid-client";
import { env } from "@/server/config/env";
import { isLoopbackHost } from "@/server/security/loopback-host";

export const oauthProviders = ["google", "github"] as const;
export type OAuthProvider = (typeof oauthProviders)[number];

export const providerNames: Record<OAuthProvider, string> = { google: "Google", github: "GitHub" };

/** Provider calls give up after this long; the callback then fails with provider_error. */
const PROVIDER_TIMEOUT_SECONDS = 10;

type Credentials = { clientId: string; clientSecret: string };

function credentialsOf(provider: OAuthProvider): Credentials | null {
  const config = env();
  const [clientId, clientSecret] =
    provider === "google" ? [config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET] : [config.GITHUB_CLIENT_ID, config.GITHUB_CLIENT_SECRET];
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

export function isProviderEnabled(provider: OAuthProvider): boolean {
  return credentialsOf(provider) !== null;
}

export function enabledProviders(): OAuthProvider[] {
  return oauthProviders.filter(isProviderEnabled);
}

/** The redirect URI registered with the provider, always built from APP_URL. */
export function callbackUrl(provider: OAuthProvider): string {
  return `${env().appUrl}/api/v1/auth/oauth/${provider}/callback`;
}

/** A base URL with exactly one trailing slash, so relative paths append to it (GitHub Enterprise's /api/v3). */
export function joinUrl(base: string, path: string): URL {
  return new URL(path, base.endsWith("/") ? base : `${base}/`);
}

function prepare(config: oidc.Configuration, url: string): oidc.Configuration {
  config.timeout = PROVIDER_TIMEOUT_SECONDS;
  // env.ts only lets http through for loopback hosts; openid-client needs telling.
  if (new URL(url).protocol === "http:" && isLoopbackHost(new URL(url).hostname)) oidc.allowInsecureRequests(config);
  return config;
}

async function discoverGoogle({ clientId, clientSecret }: Credentials): Promise<oidc.Configuration> {
  const issuer = env().GOOGLE_ISSUER;
  const insecure = new URL(issuer).protocol === "http:" && isLoopbackHost(new URL(issuer).hostname);
  const config = await oidc.discovery(new URL(issuer), clientId, clientSecret, undefined, {
    timeout: PROVIDER_TIMEOUT_SECONDS,
    ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
  });
  return prepare(config, issuer);
}

function configureGithub({ clientId, clientSecret }: Credentials): oidc.Configuration {
  const base = env().GITHUB_BASE_URL;
  const metadata: oidc.ServerMetadata = {
    issuer: base,
    authorization_endpoint: joinUrl(base, "login/oauth/authorize").href,
    token_endpoint: joinUrl(base, "login/oauth/access_token").href,
  };
  return prepare(new oidc.Configuration(metadata, clientId, clientSecret), base);
}

// Provider metadata is cached per process (it is the provider's, not ours, so
// instances cannot disagree); a failed discovery is not cached and is retried.
const configurations = new Map<OAuthProvider, Promise<oidc.Configuration>>();

export function providerConfiguration(provider: OAuthProvider): Promise<oidc.Configuration> {
  const credentials = credentialsOf(provider);
  if (!credentials) throw new Error(`${provider} sign-in is not configured`);
  let pending = configurations.get(provider);
  if (!pending) {
    pending = provider === "google" ? discoverGoogle(credentials) : Promise.resolve(configureGithub(credentials));
    configurations.set(provider, pending);
    pending.catch(() => configurations.delete(provider));
  }
  return pending;
}
