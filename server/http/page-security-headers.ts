// Security headers for portal pages (HTML). API answers never get these: the
// proxy does not run under /api/, and the route wrapper owns API headers.
// Pure functions, so proxy.ts stays a few lines and the policy is easy to read.

/** A fresh, unguessable nonce for one response (16 random bytes, base64). */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString("base64");
}

export function contentSecurityPolicy(nonce: string, options: { isDevelopment: boolean }): string {
  const scriptSources = ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"];
  // React needs eval in development only (server error stacks in the browser).
  if (options.isDevelopment) scriptSources.push("'unsafe-eval'");
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": scriptSources,
    // Next.js sets inline style attributes; the API reference (Scalar) injects its stylesheet.
    "style-src": ["'self'", "'unsafe-inline'"],
    // Remote images for an email the reader chose to see them in; every email
    // frame narrows this to data: by default (components/email-html-frame.tsx).
    "img-src": ["'self'", "data:", "https:", "http:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/**
 * Auth pages (docs/api.md) carry one-time tokens (magic links), an email
 * address (password reset) or a callbackUrl in their URLs: never leak them as
 * a referrer. Nor do the tracking URLs of sent messages (/t/): the click
 * redirect's destination must not learn the signed link the reader came from,
 * nor any link of the preference page (/u/) its unsubscribe token.
 */
const NO_REFERRER_SECTIONS = ["/auth", "/sign-in", "/sign-up", "/forgot-password", "/reset-password", "/t", "/u"];

export function referrerPolicyFor(pathname: string): string {
  const isAuthPage = NO_REFERRER_SECTIONS.some((section) => pathname === section || pathname.startsWith(`${section}/`));
  return isAuthPage ? "no-referrer" : "strict-origin-when-cross-origin";
}

export type PageRequest = { pathname: string; isHttps: boolean; isDevelopment: boolean };

/** Every response header a page gets, CSP included. */
export function pageSecurityHeaders(nonce: string, request: PageRequest): Record<string, string> {
  const headers: Record<string, string> = {
    "content-security-policy": contentSecurityPolicy(nonce, request),
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": referrerPolicyFor(request.pathname),
    "permissions-policy": "camera=(), microphone=(), geolocation=()",
    "cross-origin-opener-policy": "same-origin",
  };
  // Browsers ignore HSTS received over plain http; sending it only over https keeps local http usable.
  if (request.isHttps) headers["strict-transport-security"] = "max-age=63072000; includeSubDomains";
  return headers;
}
