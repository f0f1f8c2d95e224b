// A sending domain's name as we store and compare it: lower case, no trailing
// dot, internationalised names as punycode (what DNS actually holds). Names
// that can never be a customer's mail domain are refused with the reason.
import { isIP } from "node:net";
import { domainToASCII } from "node:url";
import { serviceOwnedHosts } from "./sending-config";

export type NormalizedName = { ok: true; name: string } | { ok: false; reason: string };

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

const isSameOrBelow = (name: string, host: string) => name === host || name.endsWith(`.${host}`);

export function normalizeDomainName(input: string): NormalizedName {
  const trimmed = input.trim().toLowerCase().replace(/\.$/, "");
  if (trimmed === "") return { ok: false, reason: "Enter a domain name, like example.com." };
  if (isIP(trimmed.replace(/^\[|\]$/g, "")) !== 0) return { ok: false, reason: "Enter a domain name, not an IP address." };
  if (/[\s/:@?#*\\]/.test(trimmed))
    return { ok: false, reason: "Enter only the domain name, like example.com (no spaces, paths, ports or wildcards)." };
  // domainToASCII applies UTS #46 (as browsers do) and answers "" for names it cannot map.
  const ascii = domainToASCII(trimmed);
  if (ascii === "" || ascii.split(".").some((label) => label === "")) return { ok: false, reason: "This is not a valid domain name." };
  if (ascii.length > 253) return { ok: false, reason: "A domain name can be at most 253 characters long." };
  const labels = ascii.split(".");
  if (labels.length < 2) return { ok: false, reason: "Enter a full domain name with a dot, like example.com." };
  if (labels.some((label) => !LABEL.test(label))) {
    return {
      ok: false,
      reason: "Each part of a domain name has 1 to 63 letters, digits or hyphens, and does not start or end with a hyphen.",
    };
  }
  // No top-level domain is numeric; "1.2.3.4"-like names are addresses written differently.
  if (/^\d+$/.test(labels.at(-1)!) || /^0x[0-9a-f]*$/.test(labels.at(-1)!))
    return { ok: false, reason: "Enter a domain name, not an IP address." };
  if (isSameOrBelow(ascii, "localhost")) return { ok: false, reason: "localhost cannot send email." };
  // Ours, a name below ours, or a parent of ours (our registered domain).
  if (serviceOwnedHosts().some((host) => isSameOrBelow(ascii, host) || isSameOrBelow(host, ascii))) {
    return { ok: false, reason: "This domain belongs to the service and cannot be added." };
  }
  return { ok: true, name: ascii };
}
