// The declarative route wrapper every handler under app/api/v1 goes through.
// Steps, in the documented order (docs/api.md): read body (413/415/400) → authenticate (401)
// → rate-limit (429) → role (403) → validate path/query/body (400) → API key scope (403) → handler → shape the
// output through the response schema → envelope. Handlers return data only.
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { Role } from "@/shared/api/access";
import type { ClientInfo } from "@/shared/api/client-info";
import { type AuthMode, type Endpoint, type HttpMethod, isRefusedWhileDeletionScheduled } from "@/shared/api/endpoint";
import { assertAccountMayChange } from "@/server/services/account/account-standing";
import { looksLikeApiKey } from "@/server/security/api-key-secret";
import { assertScope, authenticateApiKey } from "@/server/services/api-keys/authenticate-api-key";
import { asPerson, type AuthContext, authenticateToken, bearerTokenOf, sessionSubject } from "@/server/services/auth/authenticate-bearer";
import { nameActor, withActorScope } from "@/server/services/activity/acting-person";
import { type SendingPrincipal, sessionPrincipal } from "@/server/services/auth/sending-principal";
import { enforceRateLimit, hitRateLimit, type RateLimitState, rateLimitedError } from "@/server/services/rate-limit/consume-rate-limit";
import { policy } from "@/server/services/rate-limit/policies";
import { logger } from "@/server/logger";
import { ipRateLimitSubject } from "@/server/services/rate-limit/ip-rate-limit-subject";
import { CLIENT_IP_HEADER } from "./client-ip";
import { VIA_PORTAL_HEADER } from "./forwarded-client";
import { envelopeResponse, errorResponse } from "./envelope";
import { AppError } from "@/server/errors";
import { assertRoleGranted } from "./assert-role";
import { toAppError } from "./map-error";
import { readJsonBody, readRawBody } from "./read-body";
import { validatePart } from "./validate";

type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type NextRouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

export type RequestInfo = {
  requestId: string;
  /** Who is calling (address and user agent), whole: services record it in sessions and the activity log. */
  client: ClientInfo;
  /** Whether the portal's own server made the request for a signed-in person (the web server checked its signature). */
  viaPortal: boolean;
  request: Request;
};

type Input<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
};

/** What a handler may add to its success answer besides the data. */
export type ResponseOptions = { headers: Headers; message?: string };

type Principal = AuthContext | SendingPrincipal;

export type HandlerContext<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, A extends AuthMode> = Input<P, Q, B> &
  RequestInfo & {
    auth: A extends "bearer"
      ? AuthContext
      : A extends "bearer-or-api-key"
        ? SendingPrincipal
        : A extends "none"
          ? null
          : AuthContext | null;
    response: ResponseOptions;
    /** The body's bytes, for endpoints declared with `rawBody` (empty otherwise). */
    rawBody: Uint8Array;
  };

export type Route = { method: HttpMethod; handler: NextRouteHandler };

function requestInfo(request: Request): RequestInfo {
  return {
    requestId: randomUUID(),
    client: { ip: request.headers.get(CLIENT_IP_HEADER) ?? "unknown", userAgent: request.headers.get("user-agent") },
    viaPortal: request.headers.get(VIA_PORTAL_HEADER) === "1",
    request,
  };
}

/** Logs one line per request; the query string is left out (it can carry tokens). */
function logRequest(info: RequestInfo, status: number, startedAt: number, error?: unknown) {
  const line = {
    requestId: info.requestId,
    method: info.request.method,
    path: new URL(info.request.url).pathname,
    status,
    ms: Math.round((performance.now() - startedAt) * 10) / 10,
    ip: info.client.ip,
  };
  if (error) logger().error({ ...line, err: error }, "request failed");
  else logger().info(line, "request");
}

/** How a surface answers an error: the envelope here; the compatibility surface has its own shape. */
export type ErrorRenderer = (error: AppError) => Response;

/** Wraps any step sequence with the request id, error mapping and the log line. */
export async function respond(
  request: Request,
  run: (info: RequestInfo) => Promise<Response>,
  renderError: ErrorRenderer = errorResponse,
): Promise<Response> {
  const startedAt = performance.now();
  const info = requestInfo(request);
  let response: Response;
  let unexpectedError: unknown;
  try {
    response = await withActorScope(() => run(info));
  } catch (error) {
    const { appError, unexpected } = toAppError(error);
    if (unexpected) unexpectedError = error;
    response = renderError(appError);
  }
  response.headers.set("x-request-id", info.requestId);
  logRequest(info, response.status, startedAt, unexpectedError);
  return response;
}

/**
 * `route(endpoint).handle(handler)`: the endpoint is fixed first so the
 * handler's return value is checked against its response schema.
 */
export function route<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType, A extends AuthMode>(
  endpoint: Endpoint<P, Q, B, R, A>,
) {
  return { handle: (handler: (context: HandlerContext<P, Q, B, A>) => Promise<z.input<R>>) => wrap(endpoint, handler) };
}

/**
 * Who is calling, and (for a session or an API key) the general rate-limit hit already counted by its lookup.
 * `role`: a session's role in the account it acts in; null for an API key (its scope limits it) or no caller.
 */
type Authenticated = { principal: Principal | null; counted?: RateLimitState; role: Role | null };

/** 401 step: a bearer endpoint needs a live session; an optional one rejects only a bad token. */
async function authenticate(endpoint: Endpoint, request: Request): Promise<Authenticated> {
  if (endpoint.auth === "none") return { principal: null, role: null };
  const token = bearerTokenOf(request);
  if (!token) {
    if (endpoint.auth === "optional-bearer") return { principal: null, role: null };
    throw new AppError("unauthorized", "This operation needs `Authorization: Bearer <access token>`.");
  }
  const limit = endpoint.rateLimit === false ? undefined : policy("api");
  if (endpoint.auth === "bearer-or-api-key" && looksLikeApiKey(token)) {
    // The key's general limit is counted in the same statement that finds the key (one round trip).
    const { rateLimit, ...grant } = await authenticateApiKey(token, limit);
    return { principal: { ...grant, sessionId: null }, counted: rateLimit, role: null };
  }
  // API keys authorize only the sending endpoints (docs/api.md).
  if (looksLikeApiKey(token))
    throw new AppError("unauthorized", "API keys work only on the sending endpoints; this operation needs an access token.");
  // The session's general limit is counted in the same statement that finds the session (one round trip).
  const { rateLimit, ...session } = await authenticateToken(token, limit);
  nameActor(session.actor.email);
  return {
    principal:
      endpoint.auth === "bearer-or-api-key" ? sessionPrincipal(session) : endpoint.access === "personal" ? asPerson(session) : session,
    counted: rateLimit,
    role: session.role,
  };
}

/** Sessions and API keys are counted by their lookup; anyone else by address. */
function rateLimitSubject(auth: Principal | null, ip: string): string {
  return auth?.sessionId ? sessionSubject(auth.sessionId) : `ip:${ipRateLimitSubject(ip)}`;
}

/** 429 step: the general limit per session, API key or IP, then the operation's own per-IP limit. */
async function limitRate(endpoint: Endpoint, { principal, counted }: Authenticated, ip: string): Promise<void> {
  if (endpoint.rateLimit === false) return;
  const general = counted ?? (await hitRateLimit(policy("api"), rateLimitSubject(principal, ip)));
  if (general.limited) throw rateLimitedError(general);
  if (endpoint.rateLimit?.perIp) await enforceRateLimit(policy(endpoint.rateLimit.perIp), ipRateLimitSubject(ip));
}

/** Every step before the handler: body (413/415/400), 401, 429, role (403), path/query/body validation (400), API key scope (403). */
export async function prepare<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, A extends AuthMode>(
  endpoint: Endpoint<P, Q, z.ZodType, z.ZodType, A>,
  request: Request,
  context: RouteContext,
  info: RequestInfo,
): Promise<HandlerContext<P, Q, B, A>> {
  let rawBody: unknown;
  const rawBytes = endpoint.rawBody ? await readRawBody(request, endpoint.rawBody.limitBytes) : new Uint8Array();
  if (endpoint.body) {
    rawBody = await readJsonBody(request, endpoint.bodyLimitBytes);
    if (rawBody === undefined && endpoint.emptyBodyAllowed) rawBody = {};
  }
  const authenticated = await authenticate(endpoint as Endpoint, request);
  await limitRate(endpoint as Endpoint, authenticated, info.client.ip);
  // Before validation: a role that may not call the operation learns nothing about its input.
  assertRoleGranted(endpoint.access, authenticated.role);
  const auth = authenticated.principal;
  if (auth?.account && isRefusedWhileDeletionScheduled(endpoint)) assertAccountMayChange(auth.account);
  const rawParams = await context.params;
  const input = {
    params: endpoint.params ? validatePart(endpoint.params, rawParams, "path") : undefined,
    query: endpoint.query ? validatePart(endpoint.query, Object.fromEntries(new URL(request.url).searchParams), "query") : undefined,
    body: endpoint.body ? validatePart(endpoint.body, rawBody, "body") : undefined,
  } as Input<P, Q, B>;
  if (endpoint.auth === "bearer-or-api-key") assertScope((auth as SendingPrincipal).apiKey, endpoint.apiKeyScope ?? "full");
  return { ...input, ...info, auth: auth as HandlerContext<P, Q, B, A>["auth"], response: { headers: new Headers() }, rawBody: rawBytes };
}

function wrap<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType, A extends AuthMode>(
  endpoint: Endpoint<P, Q, B, R, A>,
  handler: (context: HandlerContext<P, Q, B, A>) => Promise<z.input<R>>,
): Route {
  return {
    method: endpoint.method,
    handler: (request, context) =>
      respond(request, async (info) => {
        const handlerContext = await prepare<P, Q, B, A>(endpoint, request, context, info);
        const result = await handler(handlerContext);
        const responseOptions = handlerContext.response;
        // Parsing through the response schema drops any field it does not declare.
        const data = endpoint.response.parse(result);
        const response = envelopeResponse(endpoint.status ?? 200, {
          success: true,
          message: responseOptions.message ?? endpoint.message,
          data: data ?? null,
        });
        responseOptions.headers.forEach((value, name) => response.headers.append(name, value));
        return response;
      }),
  };
}

/** What a redirect handler answers: where to send the browser (plus headers such as Set-Cookie in `response`). */
export type Redirect = { location: string };

/**
 * `redirectRoute(endpoint).handle(handler)` for the few routes whose success
 * is a 302 (OAuth start and callback). Errors before and inside the handler
 * still answer with the envelope.
 */
export function redirectRoute<P extends z.ZodType, Q extends z.ZodType, A extends AuthMode>(
  endpoint: Endpoint<P, Q, z.ZodUndefined, z.ZodType, A>,
) {
  if (!endpoint.redirect) throw new Error(`${endpoint.operationId} is not declared as a redirect`);
  return {
    handle: (handler: (context: HandlerContext<P, Q, z.ZodUndefined, A>) => Promise<Redirect>): Route => ({
      method: endpoint.method,
      handler: (request, context) =>
        respond(request, async (info) => {
          const handlerContext = await prepare<P, Q, z.ZodUndefined, A>(endpoint, request, context, info);
          const { location } = await handler(handlerContext);
          const headers = new Headers({ location, "cache-control": "no-store", "referrer-policy": "no-referrer" });
          handlerContext.response.headers.forEach((value, name) => headers.append(name, value));
          return new Response(null, { status: 302, headers });
        }),
    }),
  };
}

const allMethods: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/**
 * The exports of a route.ts file: each declared method, and an enveloped 405
 * (with Allow) for the others, so a wrong method never gets Next's bare answer.
 */
export function methods(...routes: Route[]): Record<HttpMethod, NextRouteHandler> {
  return methodTable(routes, errorResponse);
}

/** `methods` for a surface that answers errors in its own shape. */
export function methodTable(routes: Route[], renderError: ErrorRenderer): Record<HttpMethod, NextRouteHandler> {
  const allowed = routes.map((entry) => entry.method).join(", ");
  const notAllowed: NextRouteHandler = (request) =>
    respond(
      request,
      async () => {
        throw new AppError("method_not_allowed", `${request.method} is not allowed here. Allowed: ${allowed}.`, {
          headers: { allow: allowed },
        });
      },
      renderError,
    );
  return Object.fromEntries(
    allMethods.map((method) => [method, routes.find((entry) => entry.method === method)?.handler ?? notAllowed]),
  ) as Record<HttpMethod, NextRouteHandler>;
}
