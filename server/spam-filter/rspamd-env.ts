// The spam filter's variables (docs/spam-and-rules.md, "Spam filtering"):
// parsed with the rest of the configuration in server/config/env.ts, turned into settings here.
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
  /** The child rspamd's learning backend (Bayes statistics in Redis): redis://[:password@]host:port[/db]. */
  REDIS_URL: z.url({ protocol: /^redis$/ }).optional(),
  /** An operator's rspamd controller worker (http://host:port), with RSPAMD=external: "Spam"/"Not spam" teach it. */
  RSPAMD_CONTROLLER_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** That controller's password (its enable_password), when it asks for one. */
  RSPAMD_CONTROLLER_PASSWORD: z.string().min(1).optional(),
};

type RspamdVariables = {
  RSPAMD: RspamdMode;
  RSPAMD_URL?: string;
  RSPAMD_UNAVAILABLE: RspamdUnavailable;
  RSPAMD_LOCAL_RULES_DIR?: string;
  RSPAMD_TIMEOUT_MS: number;
  REDIS_URL?: string;
  RSPAMD_CONTROLLER_URL?: string;
  RSPAMD_CONTROLLER_PASSWORD?: string;
  DNS_SERVERS?: string[];
};

/** Where the child rspamd keeps its Bayes statistics (REDIS_URL), as its redis settings take it. */
export type RspamdRedis = { server: string; db: number; password: string | null };

/** The rspamd controller an operator runs (RSPAMD=external with RSPAMD_CONTROLLER_URL). */
export type RspamdController = { url: string; password: string | null };

export type RspamdSettings = {
  mode: RspamdMode;
  /** RSPAMD_URL (external); for auto the launcher learns the child's port at start (rspamdUrlInUse). */
  url: string | null;
  whenUnavailable: RspamdUnavailable;
  localRulesDir: string | null;
  timeoutMs: number;
  /** DNS_SERVERS as rspamd's resolver takes them (host:port); empty: the system's resolvers. */
  dnsServers: string[];
  /** REDIS_URL: the child rspamd learns from "Spam"/"Not spam" into it; null: no learning backend. */
  redis: RspamdRedis | null;
  /** The operator's controller (external); the child's is found at run time (rspamd-controller.ts). */
  controller: RspamdController | null;
};

export function rspamdEnvProblems(raw: RspamdVariables): string[] {
  const problems: string[] = [];
  if (raw.RSPAMD === "external" && !raw.RSPAMD_URL) problems.push("RSPAMD_URL: required when RSPAMD=external (http://host:port)");
  if (raw.RSPAMD !== "external" && raw.RSPAMD_URL) problems.push("RSPAMD_URL: only read with RSPAMD=external");
  if (raw.RSPAMD_LOCAL_RULES_DIR && !existsSync(raw.RSPAMD_LOCAL_RULES_DIR)) {
    problems.push("RSPAMD_LOCAL_RULES_DIR: no such directory");
  }
  if (raw.RSPAMD !== "external" && raw.RSPAMD_CONTROLLER_URL) problems.push("RSPAMD_CONTROLLER_URL: only read with RSPAMD=external");
  if (raw.REDIS_URL && !/^\/?(\d{1,2})?$/.test(new URL(raw.REDIS_URL).pathname)) {
    problems.push("REDIS_URL: the path is a database number (redis://host:port/1) or nothing");
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
    redis: raw.REDIS_URL ? redisSettings(raw.REDIS_URL) : null,
    controller:
      raw.RSPAMD === "external" && raw.RSPAMD_CONTROLLER_URL
        ? { url: raw.RSPAMD_CONTROLLER_URL, password: raw.RSPAMD_CONTROLLER_PASSWORD ?? null }
        : null,
  };
}

function redisSettings(redisUrl: string): RspamdRedis {
  const url = new URL(redisUrl);
  const db = Number(url.pathname.replace("/", "") || "0");
  return {
    server: `${url.hostname}:${url.port || "6379"}`,
    db: Number.isInteger(db) ? db : 0,
    password: url.password ? decodeURIComponent(url.password) : null,
  };
}
