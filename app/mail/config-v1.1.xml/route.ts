// GET /mail/config-v1.1.xml at autoconfig.<domain> (a CNAME to the service) — the same settings;
// on any other host this path is not ours to answer.
import { autoconfigHostDomain, autoconfigResponse } from "@/server/http/autoconfig-response";

export async function GET(request: Request) {
  const domain = autoconfigHostDomain(request.headers.get("host"));
  if (!domain) return new Response("Not found.", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return autoconfigResponse(request, domain);
}
