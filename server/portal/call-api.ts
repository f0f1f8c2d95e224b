// The portal's server talks to our public API exactly as an integrator
// would: HTTP to /api/v1 (over loopback), vouching for the browser's address.
import type { Envelope } from "@/server/http/envelope";
import { signForwardedClient, FORWARDED_CLIENT_HEADER } from "@/server/http/forwarded-client";
import { derivedKey } from "@/server/security/crypto";
import { env } from "@/server/config/env";

export type ClientContext = { ip: string; userAgent: string | null };

export type ApiAnswer<T = unknown> = { status: number; body: Envelope<T>; headers: Headers };

let forwardingKey: Buffer | undefined;

export function apiHeaders(client: ClientContext, accessToken?: string): Record<string, string> {
  forwardingKey ??= derivedKey("forwarded-client");
  return {
    [FORWARDED_CLIENT_HEADER]: signForwardedClient(forwardingKey, client.ip),
    ...(client.userAgent ? { "user-agent": client.userAgent } : {}),
    ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
  };
}

export const apiUrl = (path: string) => `http://127.0.0.1:${env().PORT}/api/v1${path}`;

export async function callApi<T>(
  path: string,
  options: { method?: string; body?: unknown; accessToken?: string; client: ClientContext; cookie?: string },
): Promise<ApiAnswer<T>> {
  const response = await fetch(apiUrl(path), {
    method: options.method ?? "GET",
    headers: {
      ...apiHeaders(options.client, options.accessToken),
      ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    cache: "no-store",
  });
  return { status: response.status, body: (await response.json()) as Envelope<T>, headers: response.headers };
}
