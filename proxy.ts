// Pages only: a per-request CSP nonce and the page security headers. The
// matcher keeps API routes and static assets out, so they never pay for this.
// Authorization is never decided here (docs/portal.md): route handlers do it.
import { NextResponse, type NextRequest } from "next/server";
import { createNonce, pageSecurityHeaders } from "@/server/http/page-security-headers";
import { PAGE_PATH_HEADER, pagePathOf } from "@/server/http/page-path";

/** https directly, or at a TLS-terminating proxy in front of us (HSTS over http is ignored anyway). */
function isHttps(request: NextRequest): boolean {
  const forwardedProto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return request.nextUrl.protocol === "https:" || forwardedProto === "https";
}

export function proxy(request: NextRequest) {
  const nonce = createNonce();
  const headers = pageSecurityHeaders(nonce, {
    pathname: request.nextUrl.pathname,
    isHttps: isHttps(request),
    isDevelopment: process.env.NODE_ENV === "development",
  });

  // Next.js reads the nonce from the request's CSP header and puts it on its
  // own scripts; x-nonce is for ours (the theme script).
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", headers["content-security-policy"]!);
  requestHeaders.set(PAGE_PATH_HEADER, pagePathOf(request.nextUrl));

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [
    // Everything except /api/, /compat/ (the Resend-compatible API), Next's static and image files, icons and the
    // API reference's assets under /docs/api/assets/.
    "/((?!api/|compat/|_next/static/|_next/image|favicon.ico|icon.svg|docs/api/assets/).*)",
  ],
};
