// The HTTP answer at the autoconfig addresses (docs/mailboxes.md): which
// domain is asked about, whether the service hosts mail for it, a rate limit
// per address, and the XML of server/mail-store/autoconfig.ts.
import { CLIENT_IP_HEADER } from "@/server/http/client-ip";
import { ipRateLimitSubject } from "@/server/services/rate-limit/ip-rate-limit-subject";
import { logger } from "@/server/logger";
import { autoconfigXml } from "@/server/mail-store/autoconfig";
import { normalizeDomainName } from "@/server/services/domains/normalize-domain-name";
import { hasHostedMail } from "@/server/services/mailboxes/has-hosted-mail";
import { hitRateLimit } from "@/server/services/rate-limit/consume-rate-limit";
import { policy } from "@/server/services/rate-limit/policies";

const textAnswer = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...headers } });

/**
 * The answer for a domain named by the `emailaddress` query or, failing that,
 * by the Host (`autoconfig.<domain>`). Domains the service hosts no mail for
 * are 404, like every other unknown: no settings are advertised for them.
 */
export async function autoconfigResponse(request: Request, hostDomain: string | null): Promise<Response> {
  const emailAddress = new URL(request.url).searchParams.get("emailaddress");
  const at = emailAddress?.lastIndexOf("@") ?? -1;
  const wanted = emailAddress && at > 0 ? emailAddress.slice(at + 1) : hostDomain;
  if (!wanted) return textAnswer(400, "Give the address as ?emailaddress=you@example.com.");
  const normalized = normalizeDomainName(wanted);
  if (!normalized.ok) return textAnswer(400, normalized.reason);
  try {
    const ip = request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
    const limit = await hitRateLimit(policy("autoconfigPerIp"), ipRateLimitSubject(ip));
    if (limit.limited)
      return textAnswer(429, "Too many lookups. Please wait before trying again.", { "retry-after": String(limit.retryAfterSeconds) });
    if (!(await hasHostedMail(normalized.name))) return textAnswer(404, "No mail is hosted here for this domain.");
  } catch (error) {
    logger().error({ err: error }, "autoconfig lookup failed");
    return textAnswer(503, "The service is temporarily unavailable. Please retry shortly.");
  }
  return new Response(autoconfigXml(normalized.name), {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}

/** `example.com` for a request to `autoconfig.example.com[:port]`; null for any other host. */
export function autoconfigHostDomain(host: string | null): string | null {
  const name = host?.toLowerCase().replace(/:\d+$/, "") ?? "";
  return name.startsWith("autoconfig.") ? name.slice("autoconfig.".length) : null;
}
