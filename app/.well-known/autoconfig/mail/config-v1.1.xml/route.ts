// GET /.well-known/autoconfig/mail/config-v1.1.xml?emailaddress=… — Thunderbird-style mail client settings
import { autoconfigHostDomain, autoconfigResponse } from "@/server/http/autoconfig-response";

export async function GET(request: Request) {
  return autoconfigResponse(request, autoconfigHostDomain(request.headers.get("host")));
}
