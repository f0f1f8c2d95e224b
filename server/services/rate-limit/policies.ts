// Rate-limit policies (docs/api.md, "Rate limits"). Defaults can be overridden with
// RATE_LIMIT_OVERRIDES="name=limit/seconds,…", e.g. "register=3/60".
import { env } from "@/server/config/env";
import { type PolicyName, rateLimitDefaults } from "@/shared/api/rate-limits";

export type { PolicyName };

export type RateLimitPolicy = { name: string; limit: number; windowSeconds: number };

const defaults: Record<PolicyName, Omit<RateLimitPolicy, "name">> = rateLimitDefaults;

let resolved: Record<PolicyName, RateLimitPolicy> | undefined;

export function parseOverrides(raw: string | undefined): Record<string, Omit<RateLimitPolicy, "name">> {
  const overrides: Record<string, Omit<RateLimitPolicy, "name">> = {};
  for (const entry of (raw ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^(\w+)=(\d+)\/(\d+)$/.exec(entry);
    if (!match || !(match[1]! in defaults)) throw new Error(`RATE_LIMIT_OVERRIDES: bad entry "${entry}"`);
    overrides[match[1]!] = { limit: Number(match[2]), windowSeconds: Number(match[3]) };
  }
  return overrides;
}

export function policy(name: PolicyName): RateLimitPolicy {
  if (!resolved) {
    const overrides = parseOverrides(env().RATE_LIMIT_OVERRIDES);
    resolved = Object.fromEntries(
      Object.entries(defaults).map(([key, value]) => [key, { name: key, ...value, ...overrides[key] }]),
    ) as Record<PolicyName, RateLimitPolicy>;
  }
  return resolved[name];
}
