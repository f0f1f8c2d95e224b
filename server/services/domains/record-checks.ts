// Whether what DNS holds satisfies each record: content is checked, not just presence.
import type { RecordStatus } from "@/server/db/schema";
import type { LookupResult } from "./dns-lookup";

/** `tag=value; …` lists (DKIM, DMARC), with whitespace around tags and values dropped. */
export function parseTagList(text: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of text.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const tag = part.slice(0, index).trim().toLowerCase();
    if (tag && !tags.has(tag)) tags.set(tag, part.slice(index + 1).trim());
  }
  return tags;
}

/** Exactly `expected` among the TXT records (ownership). */
export const hasOwnershipToken = (records: string[], expected: string) => records.some((record) => record.trim() === expected);

/**
 * SPF (RFC 7208): the domain has exactly one `v=spf1` record (two are a
 * permanent error for receivers) and it includes our SPF domain with a pass
 * qualifier.
 */
export function spfIncludes(records: string[], include: string): boolean {
  const spf = records.filter((record) => /^v=spf1(\s|$)/i.test(record.trim()));
  if (spf.length !== 1) return false;
  const terms = spf[0]!.trim().split(/\s+/).slice(1);
  return terms.some((term) => term.toLowerCase().replace(/^\+/, "").replace(/\.$/, "") === `include:${include}`);
}

/** DKIM: a record whose `p=` is our public key (whitespace ignored), of key type RSA, version DKIM1 if given. */
export function dkimKeyMatches(records: string[], publicKey: string): boolean {
  return records.some((record) => {
    const tags = parseTagList(record);
    if (tags.has("v") && tags.get("v") !== "DKIM1") return false;
    if (tags.has("k") && tags.get("k")!.toLowerCase() !== "rsa") return false;
    return (tags.get("p") ?? "").replace(/\s+/g, "") === publicKey;
  });
}

/** DMARC (RFC 7489): exactly one record starting with `v=DMARC1`, with a valid `p=` policy. */
export function dmarcPolicyValid(records: string[]): boolean {
  const dmarc = records.filter((record) => /^v\s*=\s*DMARC1\s*(;|$)/.test(record.trim()));
  if (dmarc.length !== 1) return false;
  const policy = parseTagList(dmarc[0]!).get("p")?.toLowerCase();
  return policy === "none" || policy === "quarantine" || policy === "reject";
}

/**
 * MX: `host` is among the most preferred MX hosts (the lowest preference
 * value), so senders try it first. Values are `<preference> <host>`.
 */
export function mxPointsAt(values: string[], host: string): boolean {
  const records = values
    .map((value) => value.trim().split(/\s+/))
    .map(([preference, exchange]) => ({ preference: Number(preference), exchange }));
  const best = Math.min(...records.map((record) => record.preference));
  return records.some((record) => record.preference === best && record.exchange?.toLowerCase().replace(/\.$/, "") === host);
}

export const cnameMatches = (targets: string[], expected: string) => targets.some((target) => target === expected);

/** One record's status from its lookup: DNS we could not reach is never a failure of the record. */
export function recordStatusOf(lookup: LookupResult, passes: (values: string[]) => boolean): RecordStatus {
  if (lookup.kind === "unreachable") return "temporary_failure";
  if (lookup.kind === "missing") return "failed";
  return passes(lookup.values) ? "verified" : "failed";
}
