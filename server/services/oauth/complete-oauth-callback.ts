// GET /auth/oauth/{provider}/callback: the provider sends the browser back
// here. Validate the state (live, single use, this provider, this browser),
// exchange the code, read the verified email, link or create the account and
// send the browser to the portal's /auth/oauth/complete with a single-use
// exchange code; or, on any failure, with ?error=<code> (docs/oauth.md).
import { logger } from "@/server/logger";
import type { ClientInfo } from "@/shared/api/client-info";
import { bindingHash } from "./browser-binding";
import { completePageUrl } from "./complete-page-url";
import { issueExchangeCode } from "./exchange-codes";
import { fetchGithubIdentity } from "./github-identity";
import { fetchGoogleIdentity } from "./google-identity";
import { spendFlow, type SpentFlow } from "./oauth-flows";
import { CallbackError, type ProviderIdentity } from "./provider-identity";
import { callbackUrl, type OAuthProvider, providerConfiguration } from "./providers";
import { resolveOAuthAccount } from "./resolve-oauth-account";

export type CallbackQuery = { state?: string; code?: string; error?: string };

/** The URL the provider sent the browser to, rebuilt on APP_URL (the redirect_uri the token request repeats). */
function currentUrl(provider: OAuthProvider, requestUrl: string): URL {
  const url = new URL(callbackUrl(provider));
  url.search = new URL(requestUrl).search;
  return url;
}

async function identityFromProvider(
  provider: OAuthProvider,
  flow: SpentFlow,
  state: string,
  requestUrl: string,
): Promise<ProviderIdentity> {
  try {
    const config = await providerConfiguration(provider);
    const url = currentUrl(provider, requestUrl);
    if (provider === "google") {
      const { codeVerifier, nonce } = flow.secrets;
      if (!codeVerifier || !nonce) throw new Error("flow without PKCE verifier or nonce");
      return await fetchGoogleIdentity(config, url, { state, codeVerifier, nonce });
    }
    return await fetchGithubIdentity(config, url, { state });
  } catch (error) {
    // openid-client errors name the failed check; `error` is the provider's OAuth error code. No secrets in either.
    const { name, message, error: oauthError } = error as Error & { error?: string };
    logger().warn({ provider, failure: { name, message, oauthError } }, "oauth callback: provider exchange failed");
    throw new CallbackError("provider_error", "The provider did not complete the sign-in");
  }
}

export async function completeOAuthCallback(
  provider: OAuthProvider,
  input: { query: CallbackQuery; requestUrl: string; binding: string | null; client: ClientInfo },
): Promise<string> {
  try {
    const { state } = input.query;
    const { binding } = input;
    const flow = state ? await spendFlow(provider, state, binding ? bindingHash(binding) : null) : null;
    if (!flow || !state) throw new CallbackError("invalid_state", "Unknown, used, expired or foreign state");
    // The person declined, or the provider refused: the state is spent either way.
    if (input.query.error || !input.query.code)
      throw new CallbackError("provider_error", `Provider answered ${input.query.error ?? "without a code"}`);
    const identity = await identityFromProvider(provider, flow, state, input.requestUrl);
    const account = await resolveOAuthAccount(identity, input.client);
    const code = await issueExchangeCode({ accountId: account.id, provider, browserBindingHash: flow.browserBindingHash });
    return completePageUrl({ code, returnTo: flow.returnTo });
  } catch (error) {
    if (!(error instanceof CallbackError)) throw error;
    logger().info({ provider, reason: error.code, detail: error.message }, "oauth callback refused");
    return completePageUrl({ error: error.code });
  }
}
