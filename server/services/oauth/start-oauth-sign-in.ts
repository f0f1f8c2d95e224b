// GET /auth/oauth/{google,github}: remember the flow server-side and send the
// browser to the provider. Google gets authorization code + PKCE (S256) +
// state + OIDC nonce; GitHub gets authorization code + state (docs/oauth.md).
import * as oidc from "openid-client";
import { AppError } from "@/server/errors";
import { logger } from "@/server/logger";
import { bindingForStart, bindingHash } from "./browser-binding";
import { completePageUrl } from "./complete-page-url";
import { createFlow, type FlowSecrets } from "./oauth-flows";
import { callbackUrl, isProviderEnabled, type OAuthProvider, providerConfiguration, providerNames } from "./providers";

const scopes: Record<OAuthProvider, string> = {
  google: "openid email profile",
  // read:user for the profile, user:email for the verified addresses.
  github: "read:user user:email",
};

/** Where to send the browser, and the binding value it must keep (none when the provider could not be reached). */
export type StartedFlow = { location: string; binding: string | null };

export function assertProviderEnabled(provider: OAuthProvider): void {
  if (!isProviderEnabled(provider))
    throw new AppError("not_found", `Sign-in with ${providerNames[provider]} is not configured on this service.`);
}

export async function startOAuthSignIn(
  provider: OAuthProvider,
  input: { binding: string | null; returnTo: string | null },
): Promise<StartedFlow> {
  assertProviderEnabled(provider);
  let config: oidc.Configuration;
  try {
    config = await providerConfiguration(provider);
  } catch (error) {
    // Discovery failed (provider down or misconfigured): the person gets the portal's explanation, not JSON.
    logger().warn(
      { provider, err: { name: (error as Error).name, message: (error as Error).message } },
      "oauth start: provider configuration failed",
    );
    return { location: completePageUrl({ error: "provider_error" }), binding: null };
  }
  const state = oidc.randomState();
  const secrets: FlowSecrets = {};
  const parameters: Record<string, string> = { redirect_uri: callbackUrl(provider), scope: scopes[provider], state };
  if (provider === "google") {
    secrets.codeVerifier = oidc.randomPKCECodeVerifier();
    secrets.nonce = oidc.randomNonce();
    parameters.code_challenge = await oidc.calculatePKCECodeChallenge(secrets.codeVerifier);
    parameters.code_challenge_method = "S256";
    parameters.nonce = secrets.nonce;
  } else {
    parameters.allow_signup = "true";
  }
  const binding = bindingForStart(input.binding);
  await createFlow({ provider, state, secrets, browserBindingHash: bindingHash(binding), returnTo: input.returnTo });
  return { location: oidc.buildAuthorizationUrl(config, parameters).href, binding };
}
