// Which IP addresses an outbound connection on a customer's behalf may reach:
// public unicast only. Loopback, private, link-local, shared (CGNAT),
// documentation, benchmarking, multicast and reserved ranges are refused, so
// a relay setting cannot be used to probe our own network.
import net from "node:net";

const nonPublicV4: [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // shared address space (CGNAT)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata lives here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast (deprecated)
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and 255.255.255.255 broadcast
];

const nonPublicV6: [string, number][] = [
  ["::", 96], // unspecified, loopback (::1) and IPv4-compatible (::a.b.c.d, deprecated; some stacks still route them to IPv4)
  ["100::", 64], // discard-only
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
];

// Separate lists: a BlockList matches IPv4 addresses against IPv6 rules too.
const v4List = new net.BlockList();
for (const [address, prefix] of nonPublicV4) v4List.addSubnet(address, prefix, "ipv4");
const v6List = new net.BlockList();
for (const [address, prefix] of nonPublicV6) v6List.addSubnet(address, prefix, "ipv6");

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address. */
function embeddedIpv4(address: string): string | null {
  const match = /^(?:::ffff:|64:ff9b::)(?:0:)?(.+)$/i.exec(address);
  if (!match) return null;
  const tail = match[1]!;
  if (net.isIPv4(tail)) return tail;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(tail);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** The shortest lower-case form (0:0:0:0:0:ffff:7f00:1 → ::ffff:7f00:1), as the URL parser writes it. */
function canonicalIpv6(address: string): string {
  return new URL(`http://[${address}]/`).hostname.slice(1, -1);
}

/** True for a public unicast address; false for anything else, including text that is not an IP address. */
export function isPublicAddress(address: string): boolean {
  if (net.isIPv4(address)) return !v4List.check(address, "ipv4");
  if (!net.isIPv6(address)) return false;
  const inner = embeddedIpv4(canonicalIpv6(address));
  if (inner) return isPublicAddress(inner);
  return !v6List.check(address, "ipv6");
}
