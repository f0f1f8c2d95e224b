// The portal's server calls our own API over loopback on behalf of a browser.
// It vouches for that browser's address with an HMAC the web server checks,
// so rate limits and the activity log see the person, not 127.0.0.1, and no
// one else can claim an address this way.
import { createHmac } from "node:crypto";
import { constantTimeEqual } from "@/server/security/crypto";

export const FORWARDED_CLIENT_HEADER = "x-ces-forwarded-client";
/** Set by the web server, never by a caller: "1" when the request came from the portal's server (its vouched header). */
export const VIA_PORTAL_HEADER = "x-ces-via-portal";

const signature = (key: Buffer, ip: string) => createHmac("sha256", key).update(ip).digest("base64url");

export function signForwardedClient(key: Buffer, ip: string): string {
  return `${ip} ${signature(key, ip)}`;
}

/** The vouched-for address, or null when the header is absent or forged. */
export function verifyForwardedClient(key: Buffer, header: string | undefined): string | null {
  if (!header) return null;
  const [ip, mac, ...rest] = header.split(" ");
  if (!ip || !mac || rest.length > 0) return null;
  return constantTimeEqual(mac, signature(key, ip)) ? ip : null;
}
