// Where customers' records point, and which names are the service's own.
// Both targets are configurable; by default they hang under APP_URL's host.
import { isIP } from "node:net";
import { env } from "@/server/config/env";

/** Label of the ownership TXT record: `_ces-verification.<domain>`. */
export const OWNERSHIP_LABEL = "_ces-verification";
/** Label of the return-path CNAME: `ces-bounces.<domain>`. */
export const RETURN_PATH_LABEL = "ces-bounces";

function serviceHost(): string {
  const host = new URL(env().appUrl).hostname.replace(/^\[|\]$/g, "");
  return isIP(host) ? "localhost" : host.toLowerCase();
}

/** The domain every customer's SPF record includes. */
export function spfDomain(): string {
  return env().SENDING_SPF_DOMAIN ?? `_spf.${serviceHost()}`;
}

/** The host customers' return-path CNAME points at. */
export function returnPathDomain(): string {
  return env().SENDING_RETURN_PATH_DOMAIN ?? `bounces.${serviceHost()}`;
}

function emailFromDomain(): string | null {
  const match = /@([^>\s]+)>?\s*$/.exec(env().EMAIL_FROM);
  return match ? match[1]!.toLowerCase().replace(/\.$/, "") : null;
}

/** Names customers may not claim: the portal's host, the SPF and bounce domains, our sender's domain. */
export function serviceOwnedHosts(): string[] {
  return [serviceHost(), spfDomain(), returnPathDomain(), emailFromDomain()].filter((host): host is string => Boolean(host));
}
