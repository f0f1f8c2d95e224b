import { isApiReferenceAsset, readApiReferenceAsset } from "@/server/docs/api-reference-assets";

// GET /docs/api/assets/{path} — the API reference's script and the chunks it imports, from our own origin.
// The entry's URL carries ?v=<package version> and chunk names carry a hash, so they may be cached for a year.
export async function GET(_request: Request, context: { params: Promise<{ path: string[] }> }): Promise<Response> {
  const relativePath = (await context.params).path.join("/");
  if (!isApiReferenceAsset(relativePath)) {
    return new Response("Not found\n", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" },
    });
  }
  return new Response(await readApiReferenceAsset(relativePath), {
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "cross-origin-resource-policy": "same-origin",
    },
  });
}
