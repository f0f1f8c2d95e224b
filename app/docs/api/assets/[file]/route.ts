import { isSwaggerUiAsset, readSwaggerUiAsset } from "@/server/docs/swagger-ui-assets";

// GET /docs/api/assets/{file} — Swagger UI's script and stylesheet, from our own origin.
// URLs carry ?v=<swagger-ui-dist version>, so the files may be cached for a year.
export async function GET(_request: Request, context: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await context.params;
  if (!isSwaggerUiAsset(file)) {
    return new Response("Not found\n", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" },
    });
  }
  const { body, contentType } = await readSwaggerUiAsset(file);
  return new Response(body, {
    headers: {
      "content-type": contentType,
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "cross-origin-resource-policy": "same-origin",
    },
  });
}
