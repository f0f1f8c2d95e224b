// The route wrapper of the Resend-compatible surface under /compat/resend. It runs the
// API's own steps (server/http/route.ts: body, API key, rate limit, role, validation,
// scope) and answers in Resend's shapes: the handler's value as the body, errors as
// `{ statusCode, name, message }`. Only API keys authenticate here, as at Resend.
import type { z } from "zod";
import { type HandlerContext, methodTable, prepare, respond, type Route } from "@/server/http/route";
import { AppError } from "@/server/errors";
import { looksLikeApiKey } from "@/server/security/api-key-secret";
import { bearerTokenOf } from "@/server/services/auth/authenticate-bearer";
import type { Access } from "@/shared/api/access";
import type { Endpoint, HttpMethod } from "@/shared/api/endpoint";
import type { ApiKeyScope } from "@/shared/schemas/api-keys";
import { MISSING_API_KEY, resendErrorResponse } from "./resend-error";

export type ResendOperation<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  method: HttpMethod;
  /** Resend's path of the operation, e.g. `/emails/{id}` (for the log and docs). */
  path: string;
  access: Access;
  scope: ApiKeyScope;
  params?: P;
  query?: Q;
  body?: B;
  bodyLimitBytes?: number;
  emptyBodyAllowed?: boolean;
};

type Context<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = HandlerContext<P, Q, B, "bearer-or-api-key">;

/** 401 `missing_api_key` without a key; anything but one of the service's API keys is 403 `invalid_api_key`. */
function assertApiKeyPresented(request: Request): void {
  const token = bearerTokenOf(request);
  if (!token) throw new AppError("unauthorized", "Missing API key in the authorization header.", { data: { ...MISSING_API_KEY } });
  if (!looksLikeApiKey(token)) throw new AppError("unauthorized", "API key is invalid: use one of the service's API keys (`ces_…`).");
}

export function resendRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(operation: ResendOperation<P, Q, B>) {
  // The API's own declaration of the same steps; it is not part of /api/v1 or its reference.
  const endpoint = {
    ...operation,
    operationId: `resend ${operation.method} ${operation.path}`,
    summary: "",
    tag: "Messages",
    auth: "bearer-or-api-key",
    apiKeyScope: operation.scope,
    response: undefined as unknown as z.ZodType,
    message: "",
  } satisfies Endpoint<P, Q, B, z.ZodType, "bearer-or-api-key">;
  return {
    handle: (handler: (context: Context<P, Q, B>) => Promise<unknown>): Route => ({
      method: operation.method,
      handler: (request, routeContext) =>
        respond(
          request,
          async (info) => {
            assertApiKeyPresented(request);
            const context = await prepare<P, Q, B, "bearer-or-api-key">(endpoint, request, routeContext, info);
            const result = await handler(context);
            const headers = new Headers({ "cache-control": "no-store" });
            context.response.headers.forEach((value, name) => headers.append(name, value));
            return Response.json(result, { status: 200, headers });
          },
          resendErrorResponse,
        ),
    }),
  };
}

/** The exports of a route file here: each declared method, and Resend's 405 (with Allow) for the others. */
export const resendMethods = (...routes: Route[]) => methodTable(routes, resendErrorResponse);

/** Every method of a path this surface does not have: 404 `not_found` with `message`. */
export function resendNotFound(message: string) {
  const route = (method: HttpMethod): Route => ({
    method,
    handler: (request) =>
      respond(
        request,
        async () => {
          throw new AppError("not_found", message);
        },
        resendErrorResponse,
      ),
  });
  return resendMethods(...(["GET", "POST", "PUT", "PATCH", "DELETE"] as const).map(route));
}
