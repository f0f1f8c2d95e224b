// next-auth for the portal (docs/portal.md): an encrypted, HttpOnly, SameSite=Lax
// cookie that holds the API's tokens server-side. Sign-in and sign-up go
// through the public API; next-auth only keeps the result.
import type { NextAuthOptions, User } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import type { AuthPayload } from "@/shared/schemas/auth";
import { CLIENT_IP_HEADER } from "@/server/http/client-ip";
import { cookieIsSecure } from "@/server/http/secure-cookie";
import { derivedKey } from "@/server/security/crypto";
import { bindingCookieName, bindingFrom } from "@/server/http/oauth-binding-cookie";
import { env } from "@/server/config/env";
import { callApi, type ClientContext } from "./call-api";
import { type PortalTokens, tokensFromPayload, tokensOf } from "./portal-tokens";
import { signInRequestFor } from "./sign-in-request";

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60; // the API session's absolute lifetime

type HeaderBag = Record<string, string | string[] | undefined> | Headers | undefined;

function header(headers: HeaderBag, name: string): string | null {
  if (!headers) return null;
  if (headers instanceof Headers) return headers.get(name);
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

function oauthBindingCookieOf(headers: HeaderBag): string | undefined {
  const binding = bindingFrom(header(headers, "cookie"));
  return binding ? `${bindingCookieName()}=${binding}` : undefined;
}

export function clientOf(headers: HeaderBag): ClientContext {
  return { ip: header(headers, CLIENT_IP_HEADER) ?? "unknown", userAgent: header(headers, "user-agent") };
}

export function portalCookieName(): string {
  return cookieIsSecure(env().appUrl) ? "__Secure-ces.session" : "ces.session";
}

export function portalSecret(): string {
  return derivedKey("portal-session").toString("base64url");
}

/** A failed sign-in carries the API's error (code, message, field errors) to the form as JSON. */
export class PortalSignInError extends Error {}

let options: NextAuthOptions | undefined;

export function authOptions(): NextAuthOptions {
  if (options) return options;
  const config = env();
  process.env.NEXTAUTH_URL ??= config.appUrl; // links next-auth builds come from APP_URL, never the Host header
  const secure = cookieIsSecure(config.appUrl);
  options = {
    secret: portalSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    useSecureCookies: config.appUrl.startsWith("https://"),
    cookies: {
      sessionToken: {
        name: portalCookieName(),
        options: { httpOnly: true, sameSite: "lax", path: "/", secure },
      },
    },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers: [
      CredentialsProvider({
        id: "password",
        name: "Email and password",
        credentials: {
          mode: { type: "text" },
          email: { type: "email" },
          password: { type: "password" },
          username: { type: "text" },
          planId: { type: "text" },
          code: { type: "text" },
          token: { type: "text" },
          challengeToken: { type: "text" },
        },
        // One provider, several ways in (see sign-in-request.ts): password,
        // registration, an emailed code, an emailed link's token, a Google or
        // GitHub sign-in's exchange code, and the
        // second factor that completes any of them when two-factor is on.
        async authorize(credentials, request) {
          const client = clientOf(request?.headers as HeaderBag);
          const apiRequest = signInRequestFor(credentials);
          if (!apiRequest) {
            throw new PortalSignInError(JSON.stringify({ message: "Unknown sign-in method.", code: "validation_error" }));
          }
          const answer = await callApi<AuthPayload>(apiRequest.path, {
            method: apiRequest.method,
            body: apiRequest.body,
            client,
            // Only the provider sign-in's binding cookie, never the browser's other cookies.
            cookie: apiRequest.forwardOAuthBinding ? oauthBindingCookieOf(request?.headers as HeaderBag) : undefined,
          });
          if (!answer.body.success) {
            throw new PortalSignInError(JSON.stringify({ message: answer.body.message, ...(answer.body.data as object) }));
          }
          return { id: answer.body.data.user.id, api: tokensFromPayload(answer.body.data) } as User;
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) (token as { api?: PortalTokens }).api = (user as User & { api: PortalTokens }).api;
        return token;
      },
      // What the browser may see: who is signed in. Never a token.
      async session({ session, token }) {
        const tokens = tokensOf(token);
        session.user = tokens
          ? { name: tokens.user.name ?? tokens.user.username ?? tokens.user.email, email: tokens.user.email }
          : undefined;
        return session;
      },
    },
    events: {
      // Signing out of the portal ends the API session too.
      async signOut({ token }) {
        const tokens = tokensOf(token);
        if (tokens) {
          await callApi("/auth/logout", {
            method: "POST",
            body: { refreshToken: tokens.refreshToken },
            client: { ip: "unknown", userAgent: null },
          }).catch(() => {});
        }
      },
    },
  };
  return options;
}
