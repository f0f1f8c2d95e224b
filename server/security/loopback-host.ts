// Loopback addresses (127.0.0.0/8, ::1, localhost): the only hosts an
// identity provider may be reached at over plain http (docs/oauth.md), so
// local test providers work while real ones must use https.
import { isIP } from "node:net";

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (isIP(host) === 4) return host.startsWith("127.");
  if (isIP(host) === 6) return host === "::1" || host === "0:0:0:0:0:0:0:1";
  return false;
}

/** https anywhere, http only on loopback. */
export function isAllowedProviderUrl(value: string): boolean {
  const url = new URL(value);
  return url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname));
}
