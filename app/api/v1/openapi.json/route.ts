import { buildOpenApiDocument } from "@/server/openapi/build-document";

// GET /api/v1/openapi.json — the raw OpenAPI 3.1 document (not enveloped: docs/api.md)
let document: string | undefined;

export function GET(): Response {
  document ??= JSON.stringify(buildOpenApiDocument());
  return new Response(document, {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300" },
  });
}
