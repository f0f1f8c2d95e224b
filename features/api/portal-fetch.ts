// The portal's one way to call the API from the browser: through the BFF at
// /api/portal/* (which adds the session's access token), using the API's own
// endpoint declarations for the path, the method and the response schema
// (or a zod-free ref to one, shared/api/endpoint-refs.ts, whose answer is
// taken as the route wrapper shaped it).
import type { z } from "zod";
import type { Endpoint } from "@/shared/api/endpoint";
import type { EndpointRef } from "@/shared/api/endpoint-refs";
import { isEndedSession } from "@/shared/api/ended-session";
import { type ErrorCode, type FieldError, isErrorCode } from "@/shared/api/errors";
import { signInUrl } from "@/shared/safe-callback-url";

export type { FieldError };

/**
 * The API's error codes (shared/api/errors.ts), so a misspelled code is a type
 * error, plus the client's own: no answer (`network_error`), an answer that is
 * not the envelope (`invalid_response`), a code this build does not know (`unknown`).
 */
export type PortalErrorCode = ErrorCode | "network_error" | "invalid_response" | "unknown";

/** An API answer with `success: false`, or no usable answer at all (status 0). */
export class PortalApiError extends Error {
  override name = "PortalApiError";

  constructor(
    readonly status: number,
    readonly code: PortalErrorCode,
    message: string,
    readonly errors: FieldError[] = [],
    /** Set on 429: how long until the API accepts the request again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

type ParamsOf<E extends Endpoint> = NonNullable<E["params"]> extends z.ZodType ? z.input<NonNullable<E["params"]>> : never;
type BodyOf<E extends Endpoint> = NonNullable<E["body"]> extends z.ZodType ? z.input<NonNullable<E["body"]>> : never;
type QueryOf<E extends Endpoint> = NonNullable<E["query"]> extends z.ZodType ? Partial<z.input<NonNullable<E["query"]>>> : never;

export type PortalFetchOptions<E extends Endpoint> = {
  params?: ParamsOf<E>;
  body?: BodyOf<E>;
  /** The query string; undefined values are left out. */
  query?: QueryOf<E>;
  signal?: AbortSignal;
  /**
   * Request headers the operation reads besides its body (`Idempotency-Key`); the BFF passes on only
   * those it knows (server/portal/forward-to-api.ts).
   */
  headers?: Record<string, string>;
  /**
   * "redirect" (default): a signed-out answer sends the browser to /sign-in
   * and returns here afterwards. "throw": let the caller decide (e.g. the
   * header, which must not bounce visitors off public pages).
   */
  onUnauthorized?: "redirect" | "throw";
};

const PORTAL_BASE = "/api/portal";

function pathOf(endpoint: EndpointRef, params: Record<string, unknown> = {}): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (typeof value !== "string" || value === "")
      throw new Error(`portalFetch: missing path parameter "${name}" for ${endpoint.operationId}`);
    return encodeURIComponent(value);
  });
}

function queryStringOf(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

export const unreachable = () =>
  new PortalApiError(0, "network_error", "We could not reach the server. Check your connection and try again.");

export async function portalFetch<E extends Endpoint>(
  endpoint: E | EndpointRef<E>,
  options: PortalFetchOptions<E> = {},
): Promise<z.output<E["response"]>> {
  const hasBody = options.body !== undefined;
  let response: Response;
  try {
    const path = pathOf(endpoint, options.params as Record<string, unknown> | undefined);
    response = await fetch(`${PORTAL_BASE}${path}${queryStringOf(options.query as Record<string, unknown> | undefined)}`, {
      method: endpoint.method,
      headers: { ...options.headers, accept: "application/json", ...(hasBody ? { "content-type": "application/json" } : {}) },
      body: hasBody ? JSON.stringify(options.body) : undefined,
      credentials: "same-origin",
      cache: "no-store",
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw unreachable();
  }

  if (
    response.status === 401 &&
    (options.onUnauthorized ?? "redirect") === "redirect" &&
    isEndedSession(401, await errorCodeOf(response))
  ) {
    window.location.assign(signInUrl(`${window.location.pathname}${window.location.search}`));
    // Leave the caller pending: the page is going away, and an error flashing up first would only confuse.
    return new Promise<never>(() => {});
  }
  return readEnvelope(endpoint, response);
}

/** `data.code` of an error answer, read from a copy so the body stays readable. */
async function errorCodeOf(response: Response): Promise<string | undefined> {
  try {
    const code = ((await response.clone().json()) as { data?: { code?: unknown } }).data?.code;
    return typeof code === "string" ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The answer's `data`, parsed with the endpoint's response schema (a ref's as
 * it came); a failure envelope (or an answer that is not one) becomes a PortalApiError.
 */
export async function readEnvelope<E extends Endpoint>(endpoint: E | EndpointRef<E>, response: Response): Promise<z.output<E["response"]>> {
  let envelope: { success?: unknown; message?: unknown; data?: unknown };
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    throw new PortalApiError(response.status, "invalid_response", "The server sent an unexpected answer. Please try again.");
  }

  if (!response.ok || envelope.success !== true) {
    const data = (envelope.data ?? {}) as { code?: unknown; errors?: unknown; retryAfterSeconds?: unknown };
    throw new PortalApiError(
      response.status,
      isErrorCode(data.code) ? data.code : "unknown",
      typeof envelope.message === "string" ? envelope.message : "Something went wrong. Please try again.",
      Array.isArray(data.errors) ? (data.errors as FieldError[]) : [],
      typeof data.retryAfterSeconds === "number" && data.retryAfterSeconds > 0 ? data.retryAfterSeconds : undefined,
    );
  }

  if (!("response" in endpoint)) {
    if (envelope.data === undefined)
      throw new PortalApiError(response.status, "invalid_response", "The server sent an unexpected answer. Please try again.");
    return envelope.data as z.output<E["response"]>;
  }
  const parsed = endpoint.response.safeParse(envelope.data);
  if (!parsed.success)
    throw new PortalApiError(response.status, "invalid_response", "The server sent an unexpected answer. Please try again.");
  return parsed.data as z.output<E["response"]>;
}
