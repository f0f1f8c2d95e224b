// Per-IP rate limits count a network, not an address (docs/security.md).
import net from "node:net";

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
