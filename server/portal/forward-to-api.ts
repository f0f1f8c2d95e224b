// The portal's browser code calls /api/portal/<path>; this forwards to
// /api/v1/<path> with the session's access token, so tokens never reach
// JavaScript. Cookie-authenticated mutations must come from our own origin.
import { decode, encode } from "next-auth/jwt";
import { envelopeResponse } from "@/server/http/envelope";
import { readCookie } from "@/server/http/secure-cookie";
import { env } from "@/server/config/env";
import { clientOf, portalCookieName, portalSecret, SESSION_MAX_AGE_SECONDS } from "./auth-options";
import { apiEndedSession } from "./api-ended-session";
import { apiHeaders, apiUrl } from "./call-api";
import { ensureFreshTokens, type PortalTokens, tokensFromPayload, tokensOf } from "./portal-tokens";
import type { AuthPayload } from "@/shared/schemas/auth";

/** The browser's request headers the API reads besides the body: a send's Idempotency-Key (docs/webmail.md, "Compose"). */
const PASSED_ON = ["idempotency-key"];
const PASSED_BACK = ["content-type", "retry-after", "allow", "x-request-id", "idempotent-replayed"];

function sessionCookie(value: string, maxAgeSeconds: number): string {
  const secure = portalCookieName().startsWith("__Secure-") ? "; Secure" : "";
  return `${portalCookieName()}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

/**
 * Operations that answer a new token pair for this very session (switching accounts): the BFF keeps the pair in
 * the cookie and answers the browser without it, so tokens never reach JavaScript.
 */
const ISSUES_TOKENS = new Set(["auth/switch"]);

/** The answer to a token-issuing operation: its tokens for the cookie, and the envelope without them for the browser. */
function takeTokens(answer: ArrayBuffer): { tokens: PortalTokens; body: string } | null {
  try {
    const envelope = JSON.parse(new TextDecoder().decode(answer)) as { success: boolean; message: string; data: AuthPayload };
    if (!envelope.success) return null;
    return { tokens: tokensFromPayload(envelope.data), body: JSON.stringify({ success: true, message: envelope.message, data: null }) };
  } catch {
    return null;
  }
}

const failure = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  envelopeResponse(status, { success: false, message, data: { code } }, headers);

function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  return origin !== null && origin === new URL(env().appUrl).origin;
}

export async function forwardToApi(request: Request, path: string[]): Promise<Response> {
  // Only paths below /api/v1: no dot segments that would climb out of it.
  if (path.some((segment) => segment === "" || segment === "." || segment === "..")) {
    return failure(404, "not_found", "Not found.");
  }
  if (request.method !== "GET" && request.method !== "HEAD" && !isSameOrigin(request)) {
    return failure(403, "forbidden", "Cross-origin request refused.");
  }
  const secret = portalSecret();
  const raw = readCookie(request.headers.get("cookie"), portalCookieName());
  const jwt = raw ? await decode({ token: raw, secret }).catch(() => null) : null;
  const tokens = tokensOf(jwt);
  const signedOut = () => failure(401, "unauthorized", "Please sign in.", { "set-cookie": sessionCookie("", 0) });
  if (!jwt || !tokens) return signedOut();

  const client = clientOf(request.headers);
  const fresh = await ensureFreshTokens(tokens, client);
  if (!fresh.tokens) return signedOut();

  const url = new URL(request.url);
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.text();
  const passedOn = PASSED_ON.flatMap((name) => {
    const value = request.headers.get(name);
    return value === null ? [] : [[name, value] as const];
  });
  const upstream = await fetch(`${apiUrl(`/${path.map(encodeURIComponent).join("/")}`)}${url.search}`, {
    method: request.method,
    headers: {
      ...Object.fromEntries(passedOn),
      ...apiHeaders(client, fresh.tokens.accessToken),
      ...(body ? { "content-type": request.headers.get("content-type") ?? "application/json" } : {}),
    },
    body: body || undefined,
    cache: "no-store",
  });
  const answer = await upstream.arrayBuffer();
  // The API ended this session (revoked or idle); a wrong password or code typed into a form leaves it alone.
  if (apiEndedSession(upstream.status, new TextDecoder().decode(answer))) return signedOut();

  const headers = new Headers({ "cache-control": "no-store" });
  for (const name of PASSED_BACK) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  const issued = ISSUES_TOKENS.has(path.join("/")) && upstream.ok ? takeTokens(answer) : null;
  const keptTokens = issued?.tokens ?? (fresh.refreshed ? fresh.tokens : null);
  if (keptTokens) {
    const updated = { ...jwt, api: keptTokens satisfies PortalTokens };
    headers.append(
      "set-cookie",
      sessionCookie(await encode({ token: updated, secret, maxAge: SESSION_MAX_AGE_SECONDS }), SESSION_MAX_AGE_SECONDS),
    );
  }
  return new Response(issued?.body ?? answer, { status: upstream.status, headers });
}
