// Binds a provider sign-in to the browser that started it (docs/oauth.md):
// the start route keeps a random value in an HttpOnly cookie and stores
// only its hash with the state; the callback and the exchange must present
// the same cookie. A state or exchange code lifted from a URL is useless in
// another browser, and nobody can make a victim finish a flow they started.
import { env } from "@/server/env";
import { cookieIsSecure, readCookie } from "@/server/http/secure-cookie";
import { randomToken, sha256Hex } from "@/server/security/crypto";

/** Long enough for a 10-minute flow followed by the 60-second exchange. */
const COOKIE_MAX_AGE_SECONDS = 15 * 60;
const VALUE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function bindingCookieName(): string {
  // __Host-: Secure, Path=/ and no Domain, so a sibling subdomain cannot plant one.
  return cookieIsSecure(env().appUrl) ? "__Host-ces.oauth" : "ces.oauth";
}

/** The browser's binding value, when its cookie holds a well-formed one. */
export function bindingFrom(cookieHeader: string | null | undefined): string | null {
  const value = readCookie(cookieHeader, bindingCookieName());
  return value && VALUE_PATTERN.test(value) ? value : null;
}

/**
 * The value to bind a new flow to: the browser's current one (so two tabs
 * signing in at once do not undo each other) or a fresh one.
 */
export function bindingForStart(cookieHeader: string | null | undefined): string {
  return bindingFrom(cookieHeader) ?? randomToken(32);
}

export const bindingHash = (value: string) => sha256Hex(`oauth-binding:${value}`);

export function bindingSetCookie(value: string): string {
  const secure = cookieIsSecure(env().appUrl) ? "; Secure" : "";
  // Lax: the provider sends the browser back with a top-level GET, which Lax cookies follow.
  return `${bindingCookieName()}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${COOKIE_MAX_AGE_SECONDS}${secure}`;
}
