// Google (any OpenID provider): the code is exchanged with PKCE, and the ID
// token's signature, issuer, audience and nonce are checked by openid-client.
// Claims missing from the ID token are read from the userinfo endpoint.
import * as oidc from "openid-client";
import { normaliseEmail, type ProviderIdentity } from "./provider-identity";

export async function fetchGoogleIdentity(
  config: oidc.Configuration,
  currentUrl: URL,
  checks: { state: string; codeVerifier: string; nonce: string },
): Promise<ProviderIdentity> {
  const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
    expectedState: checks.state,
    pkceCodeVerifier: checks.codeVerifier,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims()!;
  let claims: Record<string, unknown> = idToken;
  if (typeof idToken.email !== "string") {
    claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)), sub: idToken.sub };
  }
  return {
    provider: "google",
    subject: idToken.sub,
    email: normaliseEmail(claims.email),
    // Only a literal true counts (some providers send the string "true"; Google sends a boolean).
    emailVerified: claims.email_verified === true,
    name: typeof claims.name === "string" ? claims.name : null,
  };
}
