// The cookie that carries a provider sign-in's browser binding (docs/oauth.md;
// the binding itself is server/services/oauth/browser-binding.ts). The start
// route sets it, the callback and the exchange read it back, and the portal's
// server forwards it to the exchange.
import { env } from "@/server/config/env";
import { cookieIsSecure, readCookie } from "./secure-cookie";

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

export function bindingSetCookie(value: string): string {
  const secure = cookieIsSecure(env().appUrl) ? "; Secure" : "";
  // Lax: the provider sends the browser back with a top-level GET, which Lax cookies follow.
  return `${bindingCookieName()}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${COOKIE_MAX_AGE_SECONDS}${secure}`;
}
