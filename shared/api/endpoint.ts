// An endpoint's contract, declared once and used by the route wrapper (to
// validate and shape), the OpenAPI document, the portal and the tests.
import { z } from "zod";
import type { Access } from "@/shared/api/access";
import type { ErrorCode } from "@/shared/api/errors";
import type { ApiKeyScope } from "@/shared/schemas/api-keys";
import type { PolicyName } from "./rate-limits";
import type { ApiTag } from "./endpoints/tags";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/** "bearer-or-api-key": the sending endpoints, which also take an API key with `apiKeyScope`. */
export type AuthMode = "none" | "bearer" | "optional-bearer" | "bearer-or-api-key";

export type Endpoint<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
  Auth extends AuthMode = AuthMode,
> = {
  method: HttpMethod;
  /** OpenAPI-style path under /api/v1, e.g. `/auth/sessions/{session_id}`. */
  path: string;
  /** Also the name of the exported constant, so route files can be matched to declarations. */
  operationId: string;
  summary: string;
  description?: string;
  tag: ApiTag;
  /** Who in an account may call it (shared/api/access.ts, docs/teams.md). */
  access: Access;
  auth: Auth;
  /** With "bearer-or-api-key": the scope an API key needs (default "full"). */
  apiKeyScope?: ApiKeyScope;
  /**
   * Every operation counts against the general "api" limit (per session or
   * IP); a named policy adds a per-IP limit on attempts; false exempts it.
   */
  rateLimit?: false | { perIp: PolicyName };
  params?: Params;
  query?: Query;
  /**
   * Request headers the operation reads, for the document (an object of header name → schema);
   * the handler reads and checks them with the same schemas (server/http/idempotency-key.ts).
   */
  headers?: z.ZodObject;
  body?: Body;
  /**
   * Hand the handler the body's raw bytes (up to limitBytes) instead of
   * parsed JSON: webhooks verify provider signatures on exactly those bytes.
   * No media-type check, no schema; `description` documents the payload.
   */
  rawBody?: { limitBytes: number; description: string };
  /**
   * The largest JSON body this operation reads, in bytes (default 64 KiB).
   * Only the send operations raise it, for attachments.
   */
  bodyLimitBytes?: number;
  /** A missing body is read as `{}` (operations whose body is an empty object; docs/api.md). */
  emptyBodyAllowed?: boolean;
  response: Response;
  status?: 200 | 201 | 202;
  /**
   * Success is a 302 redirect with no body (the OAuth start and callback
   * routes, docs/api.md); `message` then describes where it leads. The query
   * of such a route never fails validation: browsers arrive with whatever
   * the provider or a link put there.
   */
  redirect?: boolean;
  /**
   * Success is a `text/event-stream` (server/http/event-stream-route.ts), described
   * by this text; `response` is unused. Errors before the stream starts are the envelope.
   */
  eventStream?: string;
  /**
   * A change an account scheduled for deletion may still make (cancel the
   * deletion, sign sessions out); every other operation but a read answers
   * 403 `forbidden` for such an account.
   */
  allowedWhileDeletionScheduled?: boolean;
  /** The envelope's `message` on success. */
  message: string;
  /** Error codes this operation can answer with, for the documentation. */
  errors?: ErrorCode[];
};

/** Whether an account scheduled for deletion is refused this operation (every signed-in change not marked allowed). */
export const isRefusedWhileDeletionScheduled = (endpoint: Pick<Endpoint, "auth" | "method" | "allowedWhileDeletionScheduled">) =>
  endpoint.auth !== "none" && endpoint.method !== "GET" && !endpoint.allowedWhileDeletionScheduled;

export function defineEndpoint<
  Params extends z.ZodType = z.ZodUndefined,
  Query extends z.ZodType = z.ZodUndefined,
  Body extends z.ZodType = z.ZodUndefined,
  Response extends z.ZodType = z.ZodNull,
  Auth extends AuthMode = AuthMode,
>(endpoint: Endpoint<Params, Query, Body, Response, Auth>): Endpoint<Params, Query, Body, Response, Auth> {
  return endpoint;
}

export const envelopeOf = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), message: z.string(), data });

export const errorEnvelope = z
  .object({
    success: z.literal(false),
    message: z.string(),
    data: z.looseObject({
      code: z.string(),
      errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .meta({ id: "ErrorEnvelope" });
