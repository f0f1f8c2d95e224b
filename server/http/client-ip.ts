// Per docs/configuration.md: the client address is the socket's peer, or, when that peer is
// a trusted proxy, the right-most X-Forwarded-For entry that is not trusted.
import net from "node:net";

export const CLIENT_IP_HEADER = "x-ces-client-ip";

function normalise(address: string): string {
  const trimmed = address.trim().replace(/^\[|\]$/g, "");
  // IPv4-mapped IPv6 (::ffff:1.2.3.4) is the same client as 1.2.3.4.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped ? mapped[1]! : trimmed.toLowerCase();
}

export function resolveClientIp(peer: string | undefined, forwardedFor: string | undefined, trustedProxies: readonly string[]): string {
  const peerAddress = normalise(peer ?? "");
  const trusted = new Set(trustedProxies.map(normalise));
  if (!trusted.has(peerAddress) || !forwardedFor) return peerAddress || "unknown";
  const hops = forwardedFor
    .split(",")
    .map(normalise)
    .filter((hop) => net.isIP(hop) !== 0);
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    if (!trusted.has(hops[index]!)) return hops[index]!;
  }
  return hops[0] ?? peerAddress;
}
