// Builds the OpenAPI 3.1 document from the endpoint declarations, so the
// documentation is generated from the same schemas the routes enforce.
import { isPermission, isRefusedToSomeRole, requiredRole } from "@/shared/api/access";
import { z } from "zod";
import { createDocument } from "zod-openapi";
import { type AuthMode, envelopeOf, errorEnvelope, type Endpoint, isRefusedWhileDeletionScheduled } from "@/shared/api/endpoint";
import { endpoints } from "@/shared/api/endpoints";
import { apiTagGroups, apiTags } from "@/shared/api/endpoints/tags";
import { errorStatus, type ErrorCode } from "@/shared/api/errors";
import { env } from "@/server/config/env";
import { appVersion } from "@/server/version";
import { defaultsAsText } from "./defaults-as-text";

const statusDescriptions: Record<number, string> = {
  400: "Bad request",
  401: "Missing, invalid or expired credentials",
  402: "Payment required",
  403: "Forbidden",
  404: "Not found (including another account's resources)",
  405: "Method not allowed",
  409: "Conflict with the current state",
  413: "Request body too large",
  410: "Gone",
  415: "Request body is not JSON",
  429: "Rate limited; see Retry-After",
  431: "Request line or headers larger than 16 KiB (refused before routing)",
  500: "Unexpected error",
  502: "A payment provider failed to answer",
  503: "Temporarily unavailable; see Retry-After",
};

function errorCodesOf(endpoint: Endpoint): ErrorCode[] {
  const codes = new Set<ErrorCode>(endpoint.errors ?? []);
  codes.add("rate_limited");
  codes.add("internal_error");
  codes.add("service_unavailable");
  // Node's HTTP parser refuses these before any route runs (server/runtime/client-error.ts).
  codes.add("request_header_too_large");
  // A redirect route's query never fails validation (see Endpoint.redirect).
  if (endpoint.params || (endpoint.query && !endpoint.redirect) || endpoint.body) codes.add("validation_error");
  if (endpoint.body || endpoint.rawBody) codes.add("payload_too_large");
  if (endpoint.body) codes.add("unsupported_media_type");
  if (endpoint.auth !== "none") codes.add("unauthorized");
  if (endpoint.auth === "bearer-or-api-key" || isRefusedWhileDeletionScheduled(endpoint) || isRefusedToSomeRole(endpoint.access))
    codes.add("forbidden");
  return [...codes];
}

const securityByAuthMode: Record<AuthMode, Record<string, string[]>[]> = {
  none: [],
  bearer: [{ bearerAuth: [] }],
  "optional-bearer": [{}, { bearerAuth: [] }],
  "bearer-or-api-key": [{ bearerAuth: [] }, { apiKeyAuth: [] }],
};

/**
 * A request body's first schema example (`.meta({ examples })`) as the media
 * type's example too: reference renderers build their curl and Node samples
 * from it, so a sample sends as it stands instead of carrying empty strings.
 */
function requestExampleOf(body: z.ZodType): { example?: unknown } {
  const examples = z.globalRegistry.get(body)?.examples;
  return Array.isArray(examples) && examples.length > 0 ? { example: examples[0] } : {};
}

function operationOf(endpoint: Endpoint) {
  const errorResponses: Record<string, unknown> = {};
  for (const code of errorCodesOf(endpoint)) {
    const status = String(errorStatus[code]);
    const existing = errorResponses[status] as { codes: string[] } | undefined;
    if (existing) existing.codes.push(code);
    else errorResponses[status] = { codes: [code] };
  }
  const responses: Record<string, unknown> = endpoint.redirect
    ? {
        "302": {
          description: endpoint.message,
          headers: { Location: { description: "Where the browser goes next", schema: { type: "string", format: "uri" } } },
        },
      }
    : endpoint.eventStream
      ? { "200": { description: endpoint.eventStream, content: { "text/event-stream": { schema: { type: "string" } } } } }
      : {
          [String(endpoint.status ?? 200)]: {
            description: endpoint.message,
            content: { "application/json": { schema: envelopeOf(endpoint.response) } },
          },
        };
  for (const [status, { codes }] of Object.entries(errorResponses) as [string, { codes: string[] }][]) {
    responses[status] = {
      description: `${statusDescriptions[Number(status)] ?? "Error"}: ${codes.map((code) => `\`${code}\``).join(", ")}`,
      content: { "application/json": { schema: errorEnvelope } },
    };
  }
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    tags: [endpoint.tag],
    security: securityByAuthMode[endpoint.auth],
    // The least-privileged role a signed-in member needs (docs/teams.md); absent where any signed-in person may.
    ...(isPermission(endpoint.access) ? { "x-required-role": requiredRole(endpoint.access) } : {}),
    ...(endpoint.params || endpoint.query || endpoint.headers
      ? {
          requestParams: {
            ...(endpoint.params ? { path: endpoint.params } : {}),
            ...(endpoint.query ? { query: endpoint.query } : {}),
            ...(endpoint.headers ? { header: endpoint.headers } : {}),
          },
        }
      : {}),
    ...(endpoint.rawBody
      ? {
          requestBody: {
            required: true,
            description: endpoint.rawBody.description,
            content: { "application/json": { schema: { type: "object" } } },
          },
        }
      : {}),
    ...(endpoint.body
      ? {
          requestBody: {
            required: !endpoint.emptyBodyAllowed,
            content: { "application/json": { schema: endpoint.body, ...requestExampleOf(endpoint.body) } },
          },
        }
      : {}),
    responses,
  };
}

// The reference opens with what most readers came for: sending an email.
const introduction = `Public customer API (build ${appVersion}).

**Send an email** with an API key (create one on the portal's API keys page) from a verified sending domain:

\`\`\`sh
curl -X POST "$APP_URL/api/v1/sending/messages" \\
  -H "Authorization: Bearer $CES_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"from": "Acme <hello@acme.example>", "to": "you@example.com", "subject": "Hello", "text": "It works."}'
\`\`\`

Every response uses the envelope \`{ success, message, data }\`; errors carry a stable \`data.code\`.`;

export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    paths[endpoint.path] ??= {};
    paths[endpoint.path]![endpoint.method.toLowerCase()] = operationOf(endpoint);
  }
  return defaultsAsText(
    createDocument({
      openapi: "3.1.0",
      info: {
        title: "Customer Email Service API",
        version: "1.0.0",
        license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
        description: introduction,
      },
      // Absolute, so clients generated from the document know where to call (a relative URL leaves them guessing).
      servers: [{ url: `${env().appUrl}/api/v1` }],
      tags: Object.entries(apiTags).map(([name, description]) => ({ name, description })),
      "x-tagGroups": apiTagGroups,
      components: endpoints.some((endpoint) => endpoint.auth !== "none")
        ? {
            securitySchemes: {
              bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
              apiKeyAuth: {
                type: "http",
                scheme: "bearer",
                bearerFormat: "API key",
                description: "`Authorization: Bearer ces_…`: a key from `POST /sending/api-keys`, accepted by the sending endpoints only.",
              },
            },
          }
        : {},
      paths: paths as never,
    }),
  );
}
