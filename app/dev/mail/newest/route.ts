import { listDevEmails } from "@/server/outbound/dev-mailbox";
import { env } from "@/server/config/env";

// GET /dev/mail/newest — the newest dev-mailbox email's id and how many there
// are, which /dev/mail polls to update itself. Absent in production.
export async function GET(): Promise<Response> {
  const headers = { "cache-control": "no-store" };
  if (env().isProduction)
    return new Response("Not found\n", { status: 404, headers: { ...headers, "content-type": "text/plain; charset=utf-8" } });
  const { emails, total } = await listDevEmails(env().dataDir, { limit: 1 });
  return Response.json({ newestId: emails[0]?.id ?? null, total }, { headers });
}
