import { readDevEmailSource } from "@/server/outbound/dev-mailbox";
import { env } from "@/server/config/env";

type Context = { params: Promise<{ file: string }> };

const notFound = () =>
  new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

// GET /dev/mail/<id>.eml — one dev-mailbox email as the raw message, for a mail client. Absent in production.
export async function GET(_request: Request, context: Context): Promise<Response> {
  if (env().isProduction) return notFound();
  const { file } = await context.params;
  if (!file.endsWith(".eml")) return notFound();
  const id = file.slice(0, -".eml".length);
  const source = await readDevEmailSource(env().dataDir, id);
  if (!source) return notFound();
  return new Response(new Uint8Array(source), {
    headers: {
      "content-type": "message/rfc822",
      "content-disposition": `attachment; filename="${id}.eml"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
