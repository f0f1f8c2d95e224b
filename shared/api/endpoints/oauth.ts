import { z } from "zod";
import { authPayloadSchema } from "@/shared/schemas/auth";
import { oauthCallbackQuery, oauthExchangeBody, oauthProvidersSchema, oauthStartQuery, signInMethodsSchema } from "@/shared/schemas/oauth";
import { defineEndpoint } from "../endpoint";

const startDescription = (name: string, checks: string) =>
  `Opens in the browser. Redirects to ${name} (${checks}; the state works once, for 10 minutes) and sets an HttpOnly cookie that binds the sign-in to this browser. ` +
  "404 `not_found` when this provider is not configured. If the provider cannot be reached, redirects to the portal's `/auth/oauth/complete?error=provider_error` instead.";

const callbackDescription = (name: string) =>
  `${name} sends the browser here. Redirects to the portal's \`/auth/oauth/complete?code=<exchange code>\` (single use, 60 seconds, only from the same browser), ` +
  "or to `/auth/oauth/complete?error=<code>` with `invalid_state` (missing, unknown, used, expired or another browser's state), `provider_error` (declined, or the code exchange failed) or " +
  "`email_not_verified` (the provider does not vouch for the email, and this identity is not linked yet). An identity already linked signs in to its account; otherwise an account with the verified email is linked, or a new one is created.";

export const startGoogleSignIn = defineEndpoint({
  method: "GET",
  path: "/auth/oauth/google",
  operationId: "startGoogleSignIn",
  access: "public",
  summary: "Sign in with Google",
  description: startDescription("Google", "authorization code with PKCE S256, state and OpenID Connect nonce"),
  tag: "Auth",
  auth: "none",
  query: oauthStartQuery,
  response: z.null(),
  redirect: true,
  message: "Redirect to Google's sign-in page",
  errors: ["not_found"],
});

export const startGithubSignIn = defineEndpoint({
  method: "GET",
  path: "/auth/oauth/github",
  operationId: "startGithubSignIn",
  access: "public",
  summary: "Sign in with GitHub",
  description: startDescription("GitHub", "authorization code with state"),
  tag: "Auth",
  auth: "none",
  query: oauthStartQuery,
  response: z.null(),
  redirect: true,
  message: "Redirect to GitHub's sign-in page",
  errors: ["not_found"],
});

export const completeGoogleSignIn = defineEndpoint({
  method: "GET",
  path: "/auth/oauth/google/callback",
  operationId: "completeGoogleSignIn",
  access: "public",
  summary: "Google's return address",
  description: callbackDescription("Google"),
  tag: "Auth",
  auth: "none",
  query: oauthCallbackQuery,
  response: z.null(),
  redirect: true,
  message: "Redirect to the portal's /auth/oauth/complete page",
  errors: ["not_found"],
});

export const completeGithubSignIn = defineEndpoint({
  method: "GET",
  path: "/auth/oauth/github/callback",
  operationId: "completeGithubSignIn",
  access: "public",
  summary: "GitHub's return address",
  description: callbackDescription("GitHub"),
  tag: "Auth",
  auth: "none",
  query: oauthCallbackQuery,
  response: z.null(),
  redirect: true,
  message: "Redirect to the portal's /auth/oauth/complete page",
  errors: ["not_found"],
});

export const exchangeOAuthCode = defineEndpoint({
  method: "POST",
  path: "/auth/oauth/exchange",
  operationId: "exchangeOAuthCode",
  access: "public",
  summary: "Sign in with a provider callback's exchange code",
  description:
    "The code from `/auth/oauth/complete?code=…` works once, for 60 seconds, and only with the cookie set when the sign-in started (the browser that started it). " +
    "Accounts with two-factor on answer 401 `two_factor_required` with a `challengeToken`. Limited to 30 per 15 minutes per IP.",
  tag: "Auth",
  auth: "none",
  rateLimit: { perIp: "verificationsPerIp" },
  body: oauthExchangeBody,
  response: authPayloadSchema,
  message: "Signed in",
  errors: ["invalid_or_expired_token", "two_factor_required"],
});

export const listOAuthProviders = defineEndpoint({
  method: "GET",
  path: "/auth/oauth/providers",
  operationId: "listOAuthProviders",
  access: "public",
  summary: "Identity providers this service offers",
  description: "Only configured providers are listed; `startUrl` is the path (under /api/v1) that starts a sign-in with it.",
  tag: "Auth",
  auth: "none",
  response: oauthProvidersSchema,
  message: "OK",
});

export const listSignInMethods = defineEndpoint({
  method: "GET",
  path: "/account/sign-in-methods",
  operationId: "listSignInMethods",
  access: "personal",
  summary: "How the account signs in",
  description:
    "Whether the account has a password, and the Google and GitHub identities linked to it (with the provider's email when last seen).",
  tag: "Account",
  auth: "bearer",
  response: signInMethodsSchema,
  message: "OK",
});
