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

/**
 * The subject of a per-IP rate limit: the address itself for IPv4, the /64
 * network for IPv6 (one customer line or host gets a whole /64, so counting
 * full addresses would let a single client rotate through 2^64 of them).
 */
export function ipRateLimitSubject(ip: string): string {
  if (net.isIPv6(ip)) {
    const groups = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
    return `${expandIpv6(groups).slice(0, 4).join(":")}::/64`;
  }
  return ip;
}

/** The eight groups of an IPv6 address (an embedded IPv4 tail becomes two groups). */
function expandIpv6(address: string): string[] {
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const text = v4
    ? address.slice(0, v4.index) + [((+v4[1]! << 8) | +v4[2]!).toString(16), ((+v4[3]! << 8) | +v4[4]!).toString(16)].join(":")
    : address;
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const middle = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...middle, ...right].map((group) => parseInt(group, 16).toString(16));
}
