// A signed-in page's first data, read on the server while it renders, so the
// content is in the HTML instead of arriving after the JavaScript has loaded
// and asked the BFF. It goes through the public API over loopback with the
// session's access token, exactly as the BFF does; never the database.
// A server component cannot set cookies, so this never refreshes the tokens
// (a refreshed pair it could not store would leave the cookie holding a spent
// refresh token): with no fresh token, or any answer but 200, it returns null
// and the page loads the data in the browser as before.
import "server-only";
import { decode } from "next-auth/jwt";
import { cookies, headers } from "next/headers";
import type { z } from "zod";
import type { Endpoint } from "@/shared/api/endpoint";
import type { EndpointRef } from "@/shared/api/endpoint-refs";
import type { ServerRead } from "@/shared/api/server-read";
import { clientOf, portalCookieName, portalSecret } from "./auth-options";
import { callApi } from "./call-api";
import { hasFreshAccessToken, tokensOf } from "./portal-tokens";

/** `params` fill the path's `{name}` segments (the page's own URL segments, e.g. a mailbox's id). */
export async function readForPage<E extends Endpoint>(
  endpoint: EndpointRef<E>,
  params: Record<string, string> = {},
): Promise<ServerRead<z.output<E["response"]>> | null> {
  if (endpoint.method !== "GET") throw new Error(`readForPage: ${endpoint.operationId} is not a GET`);
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (!value) throw new Error(`readForPage: missing path parameter "${name}" for ${endpoint.operationId}`);
    return encodeURIComponent(value);
  });
  try {
    const raw = (await cookies()).get(portalCookieName())?.value;
    const tokens = raw ? tokensOf(await decode({ token: raw, secret: portalSecret() })) : null;
    if (!tokens || !hasFreshAccessToken(tokens)) return null;
    const readAt = Date.now();
    const answer = await callApi<z.output<E["response"]>>(path, {
      accessToken: tokens.accessToken,
      client: clientOf(await headers()),
    });
    return answer.status === 200 && answer.body.success ? { data: answer.body.data, readAt } : null;
  } catch {
    return null; // The browser asks again through the BFF, which reports any trouble.
  }
}
