// The typed API client of the tests. Every answer is checked against the
// OpenAPI document before the test sees it.
import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import type { z } from "zod";
import type { Endpoint } from "@/shared/api/endpoint";
import { OpenApiChecker } from "./openapi-check";

export type ApiError = { code: string; errors?: { path: string; message: string }[]; [key: string]: unknown };

export type ApiResponse<T = unknown> = {
  status: number;
  headers: Headers;
  body: { success: boolean; message: string; data: T };
  /** `data` of a failed answer (undefined on success). */
  error?: ApiError;
};

type RawRequest = {
  method?: string;
  /**
   * The client address the server should see (sent as X-Forwarded-For; the
   * test server trusts loopback as a proxy). Default: a fresh random address
   * per request, so per-IP limits only bite where a test pins one.
   */
  ip?: string;
  headers?: Record<string, string>;
  token?: string;
  /** JSON-encoded unless a string (sent as is). */
  body?: unknown;
  query?: Record<string, string | number>;
};

let checker: Promise<OpenApiChecker> | undefined;

/** A random address in 10.0.0.0/8 (never routed anywhere: the server only records it). */
export function randomIp(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${c}`;
}

export function baseUrl(): string {
  return inject("baseUrl");
}

function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
}

/** Any request under /api/v1 (bad input included); the answer must still match the document. */
export async function request<T = unknown>(apiPath: string, init: RawRequest = {}): Promise<ApiResponse<T>> {
  const url = new URL(`${baseUrl()}/api/v1${apiPath}`);
  for (const [key, value] of Object.entries(init.query ?? {})) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = { "x-forwarded-for": init.ip ?? randomIp(), ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    headers["content-type"] ??= "application/json";
  }
  const method = init.method ?? "GET";
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  let parsed: ApiResponse<T>["body"];
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${method} ${apiPath} answered ${response.status} with a non-JSON body: ${text.slice(0, 200)}`);
  }
  checker ??= OpenApiChecker.load(baseUrl());
  (await checker).check(method, apiPath, response.status, parsed);
  return {
    status: response.status,
    headers: response.headers,
    body: parsed,
    error: parsed.success ? undefined : (parsed.data as ApiError),
  };
}

/** Calls a declared endpoint; `data` is typed by its response schema. */
export function call<E extends Endpoint>(
  endpoint: E,
  options: Omit<RawRequest, "method"> & { params?: Record<string, string> } = {},
): Promise<ApiResponse<z.output<E["response"]>>> {
  return request(fillPath(endpoint.path, options.params), { ...options, method: endpoint.method });
}
