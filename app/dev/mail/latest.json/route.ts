import { findLatestDevEmail } from "@/server/outbound/dev-mailbox";
import { env } from "@/server/config/env";

const json = (status: number, body: unknown) =>
  new Response(`${JSON.stringify(body)}\n`, {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" },
  });

// GET /dev/mail/latest.json?to=<address>[&template=<name>] — the newest dev-mailbox email to an
// address as JSON, with `code` (its six-digit code, or null), so a script needs no
// browser (README, "Send your first email"). Absent in production.
export async function GET(request: Request): Promise<Response> {
  const config = env();
  if (config.isProduction) return new Response("Not found\n", { status: 404, headers: { "cache-control": "no-store" } });
  const query = new URL(request.url).searchParams;
  const to = query.get("to")?.trim();
  if (!to) return json(400, { error: "Add ?to=<address>." });
  const email = await findLatestDevEmail(config.dataDir, { to, template: query.get("template") ?? undefined });
  if (!email) return json(404, { error: `No email to ${to} in the dev mailbox yet.` });
  return json(200, email);
}
