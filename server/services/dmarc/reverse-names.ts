// The PTR names of a report's sources, looked up once at receipt through the
// service's resolver, so the domain page can say whose servers they are.
// Short and bounded: a lookup that fails or times out leaves the name empty.
import { isIPv4 } from "node:net";
import { createLookupResolver } from "@/server/dns/create-lookup-resolver";

const MAX_LOOKUPS = 100;
const AT_ONCE = 10;

/** `192.0.2.1` → `1.2.0.192.in-addr.arpa`; IPv6 by nibbles under `ip6.arpa`. */
export function reverseLookupName(ip: string): string {
  if (isIPv4(ip)) return `${ip.split(".").reverse().join(".")}.in-addr.arpa`;
  const [head = "", tail = ""] = ip.toLowerCase().split("::");
  const groups = (part: string) => (part ? part.split(":") : []);
  const missing = 8 - groups(head).length - groups(tail).length;
  const full = [...groups(head), ...Array<string>(ip.includes("::") ? missing : 0).fill("0"), ...groups(tail)];
  const nibbles = full.map((group) => group.padStart(4, "0")).join("");
  return `${[...nibbles].reverse().join(".")}.ip6.arpa`;
}

/** Each address's first PTR name (lower case, no trailing dot), for up to 100 distinct addresses. */
export async function reverseNames(ips: string[]): Promise<Map<string, string>> {
  const resolve = createLookupResolver();
  const names = new Map<string, string>();
  const queue = [...new Set(ips)].slice(0, MAX_LOOKUPS);
  const worker = async () => {
    for (let ip = queue.shift(); ip !== undefined; ip = queue.shift()) {
      const found = (await resolve(reverseLookupName(ip), "PTR").catch(() => [])) as string[];
      if (found[0]) names.set(ip, found[0].toLowerCase().replace(/\.$/, ""));
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return names;
}
