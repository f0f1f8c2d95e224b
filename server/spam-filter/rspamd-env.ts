// The spam filter's variables (docs/spam-and-rules.md, "Spam filtering"):
// parsed with the rest of the configuration in env.ts, turned into settings here.
import { existsSync } from "node:fs";
import { z } from "zod";

export const RSPAMD_BINARY = "/usr/bin/rspamd";

/** What RSPAMD=auto needs of the machine: Debian's rspamd installed, and root (it drops to its own user). */
export const canRunRspamd = () => existsSync(RSPAMD_BINARY) && process.getuid?.() === 0;

export type RspamdMode = "auto" | "off" | "external";
/** What the MX does with hosted-mailbox mail while rspamd cannot answer. */
export type RspamdUnavailable = "accept" | "defer";

export const rspamdEnvShape = {
  /** auto: run Debian's rspamd as a child when installed (and root); off; external (RSPAMD_URL). */
  RSPAMD: z.enum(["auto", "off", "external"]).default("auto"),
  /** An operator's rspamd normal worker (http://host:port), with RSPAMD=external. */
  RSPAMD_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** rspamd down: accept the mail unchecked (marked so) or answer 451 so the sender retries. */
  RSPAMD_UNAVAILABLE: z.enum(["accept", "defer"]).default("accept"),
  /** A directory of the operator's own rspamd local.d files (rules, scores), copied into the child's configuration. */
  RSPAMD_LOCAL_RULES_DIR: z.string().min(1).optional(),
  /** How long the MX waits for rspamd's verdict on one message. */
  RSPAMD_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
};

type RspamdVariables = {
  RSPAMD: RspamdMode;
  RSPAMD_URL?: string;
  RSPAMD_UNAVAILABLE: RspamdUnavailable;
  RSPAMD_LOCAL_RULES_DIR?: string;
  RSPAMD_TIMEOUT_MS: number;
  DNS_SERVERS?: string[];
};

export type RspamdSettings = {
  mode: RspamdMode;
  /** RSPAMD_URL (external); for auto the launcher learns the child's port at start (rspamdUrlInUse). */
  url: string | null;
  whenUnavailable: RspamdUnavailable;
  localRulesDir: string | null;
  timeoutMs: number;
  /** DNS_SERVERS as rspamd's resolver takes them (host:port); empty: the system's resolvers. */
  dnsServers: string[];
};

export function rspamdEnvProblems(raw: RspamdVariables): string[] {
  const problems: string[] = [];
  if (raw.RSPAMD === "external" && !raw.RSPAMD_URL) problems.push("RSPAMD_URL: required when RSPAMD=external (http://host:port)");
  if (raw.RSPAMD !== "external" && raw.RSPAMD_URL) problems.push("RSPAMD_URL: only read with RSPAMD=external");
  if (raw.RSPAMD_LOCAL_RULES_DIR && !existsSync(raw.RSPAMD_LOCAL_RULES_DIR)) {
    problems.push("RSPAMD_LOCAL_RULES_DIR: no such directory");
  }
  return problems;
}

/** `ip` → `ip:53`; `[v6]:port` and `ip:port` kept as rspamd reads them. */
function rspamdNameserver(entry: string): string {
  if (entry.startsWith("[") || /^[0-9.]+:\d+$/.test(entry)) return entry;
  return entry.includes(":") ? `[${entry}]:53` : `${entry}:53`;
}

export function rspamdSettings(raw: RspamdVariables): RspamdSettings {
  return {
    mode: raw.RSPAMD,
    url: raw.RSPAMD === "external" ? (raw.RSPAMD_URL ?? null) : null,
    whenUnavailable: raw.RSPAMD_UNAVAILABLE,
    localRulesDir: raw.RSPAMD_LOCAL_RULES_DIR ?? null,
    timeoutMs: raw.RSPAMD_TIMEOUT_MS,
    dnsServers: (raw.DNS_SERVERS ?? []).map(rspamdNameserver),
  };
}
