// The outbound MTA's variables (docs/delivery.md, "Postfix"): parsed with the
// rest of the configuration in server/config/env.ts, turned into settings here.
import { existsSync } from "node:fs";
import { z } from "zod";

export const POSTFIX_BINARY = "/usr/sbin/postfix";
/** Debian's ca-certificates bundle: what verified TLS trusts unless OUTBOUND_TLS_CA_FILE says otherwise. */
export const SYSTEM_CA_FILE = "/etc/ssl/certs/ca-certificates.crt";

/** What POSTFIX=auto needs of the machine: Debian's Postfix installed, and root (it runs as its own users). */
export const canRunPostfix = () => existsSync(POSTFIX_BINARY) && process.getuid?.() === 0;

export type PostfixMode = "auto" | "on" | "off" | "external";

/** A Postfix time value: a number and one unit (s, m, h, d, w). */
const postfixTime = z.string().regex(/^[1-9]\d{0,5}[smhdw]$/, "a Postfix time: a number and one unit, s m h d or w (like 4h)");

const UNIT_SECONDS = { s: 1, m: 60, h: 3_600, d: 86_400, w: 604_800 } as const;

/** A Postfix time value (validated by postfixTime) in seconds. */
export const postfixSeconds = (time: string) => Number(time.slice(0, -1)) * UNIT_SECONDS[time.at(-1) as keyof typeof UNIT_SECONDS];

export type PostfixTimes = { delayWarning: string; queueLifetime: string; minimalBackoff: string; maximalBackoff: string };

export const postfixEnvShape = {
  /**
   * auto: in production, run Debian's Postfix as a child when installed, the service runs as root and no SMTP_URL is set
   * (elsewhere mail stays in the dev mailbox); on: run it outside production too; off; external (POSTFIX_URL).
   */
  POSTFIX: z.enum(["auto", "on", "off", "external"]).default("auto"),
  /** An operator's Postfix that accepts our hand-off (smtp://host:port), with POSTFIX=external. */
  POSTFIX_URL: z.url({ protocol: /^smtp$/ }).optional(),
  /** The port the outbound MTA connects to at recipients' MX hosts (25; tests use another). */
  OUTBOUND_SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(25),
  /** When the child mails a delay report for a message still being retried (Postfix's delay_warning_time). */
  POSTFIX_DELAY_WARNING_TIME: postfixTime.default("4h"),
  /** How long the child keeps retrying before it gives up and reports the recipient expired (maximal_queue_lifetime). */
  POSTFIX_QUEUE_LIFETIME: postfixTime.default("5d"),
  /** The child's first retry delay, and how often it scans its deferred queue (minimal_backoff_time, queue_run_delay). */
  POSTFIX_MINIMAL_BACKOFF_TIME: postfixTime.default("300s"),
  /** The longest delay between two retries of one message (maximal_backoff_time). */
  POSTFIX_MAXIMAL_BACKOFF_TIME: postfixTime.default("4000s"),
  /** on: the child gives Google, Microsoft, Yahoo/AOL and iCloud (matched by MX host) transports of their own; off. */
  POSTFIX_PRESETS: z.enum(["on", "off"]).default("on"),
  /** on: the child uses DANE where recipients publish TLSA records (needs a DNSSEC-validating resolver); off. */
  POSTFIX_DANE: z.enum(["on", "off"]).default("off"),
  /** auto: run Debian's mta-sts-daemon beside the child Postfix when installed, and enforce recipients' MTA-STS; off. */
  MTA_STS: z.enum(["auto", "off"]).default("auto"),
  /** The certificate authorities the outbound MTA trusts when a policy asks for a verified server (PEM bundle). */
  OUTBOUND_TLS_CA_FILE: z.string().min(1).optional(),
  /** The child Postfix's hand-off socket (a unix-domain socket only root and postfix can reach); set by the launcher for its workers. */
  POSTFIX_HANDOFF_SOCKET: z.string().startsWith("/").optional(),
};

type PostfixVariables = {
  POSTFIX: PostfixMode;
  POSTFIX_URL?: string;
  OUTBOUND_SMTP_PORT: number;
  POSTFIX_HANDOFF_SOCKET?: string;
  SMTP_URL?: string;
  DNS_SERVERS?: string[];
  APP_ENV: string;
  POSTFIX_DELAY_WARNING_TIME: string;
  POSTFIX_QUEUE_LIFETIME: string;
  POSTFIX_MINIMAL_BACKOFF_TIME: string;
  POSTFIX_MAXIMAL_BACKOFF_TIME: string;
  POSTFIX_PRESETS: "on" | "off";
  POSTFIX_DANE: "on" | "off";
  MTA_STS: "auto" | "off";
  OUTBOUND_TLS_CA_FILE?: string;
};

/** Where delivery hands messages to Postfix: an operator's over SMTP (POSTFIX_URL), or the child's unix-domain socket. */
export type PostfixHandOff = { url: string } | { socket: string };

export type PostfixSettings = {
  mode: PostfixMode;
  /** Whether the launcher should run the child (on, or auto in production; no SMTP_URL): installed and root are checked at start. */
  wantsChild: boolean;
  /** Where delivery hands messages off: POSTFIX_URL, or the child's socket once the launcher runs it; null: no Postfix route. */
  handOff: PostfixHandOff | null;
  outboundPort: number;
  /** DNS_SERVERS as the child's resolv.conf takes them (addresses, port 53). */
  dnsServers: string[];
  /** The child's retry schedule and reports. */
  times: PostfixTimes;
  /** Per-provider transports (POSTFIX_PRESETS). */
  presets: boolean;
  /** DANE (POSTFIX_DANE=on). */
  dane: boolean;
  /** MTA_STS: auto runs the resolver beside the child when it is installed. */
  mtaSts: "auto" | "off";
  /** OUTBOUND_TLS_CA_FILE, else Debian's bundle. */
  tlsCaFile: string;
  /** Whether OUTBOUND_TLS_CA_FILE was set (a missing file is then an error, not a fallback). */
  tlsCaFileSet: boolean;
};

/** `ip`, `ip:53`, `[v6]` or `[v6]:53` → the address; another port → null. */
export function port53Address(entry: string): string | null {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return !bracketed[2] || bracketed[2] === "53" ? bracketed[1]! : null;
  const v4 = /^([0-9.]+)(?::(\d+))?$/.exec(entry);
  if (v4) return !v4[2] || v4[2] === "53" ? v4[1]! : null;
  return entry; // a bare IPv6 address
}

export function postfixEnvProblems(raw: PostfixVariables): string[] {
  const problems: string[] = [];
  if (raw.POSTFIX === "external" && !raw.POSTFIX_URL) problems.push("POSTFIX_URL: required when POSTFIX=external (smtp://host:port)");
  if (raw.POSTFIX !== "external" && raw.POSTFIX_URL) problems.push("POSTFIX_URL: only read with POSTFIX=external");
  return problems;
}

/**
 * Postfix asks DNS on port 53 only: DNS_SERVERS with another port is an error once the launcher is about to run it
 * (checked at start, not in parseEnv: it depends on the machine, and tools that never run Postfix parse the same variables).
 */
export function dnsPortProblem(dnsServers: string[] | undefined): string | null {
  const withPort = (dnsServers ?? []).filter((entry) => port53Address(entry) === null);
  if (withPort.length === 0) return null;
  return `DNS_SERVERS: Postfix asks DNS on port 53 only; remove the port from ${withPort.join(", ")}, or set POSTFIX=off`;
}

function handOffOf(raw: PostfixVariables, wantsChild: boolean): PostfixHandOff | null {
  if (raw.POSTFIX === "external") return raw.POSTFIX_URL ? { url: raw.POSTFIX_URL } : null;
  return wantsChild && raw.POSTFIX_HANDOFF_SOCKET ? { socket: raw.POSTFIX_HANDOFF_SOCKET } : null;
}

export function postfixSettings(raw: PostfixVariables): PostfixSettings {
  // Outside production `auto` keeps mail on this machine (the dev mailbox), so a
  // developer running as root never mails real addresses by accident.
  const runs = raw.POSTFIX === "on" || (raw.POSTFIX === "auto" && raw.APP_ENV === "production");
  const wantsChild = runs && !raw.SMTP_URL;
  return {
    mode: raw.POSTFIX,
    wantsChild,
    handOff: handOffOf(raw, wantsChild),
    outboundPort: raw.OUTBOUND_SMTP_PORT,
    dnsServers: (raw.DNS_SERVERS ?? []).map(port53Address).filter((address): address is string => address !== null),
    times: {
      delayWarning: raw.POSTFIX_DELAY_WARNING_TIME,
      queueLifetime: raw.POSTFIX_QUEUE_LIFETIME,
      minimalBackoff: raw.POSTFIX_MINIMAL_BACKOFF_TIME,
      maximalBackoff: raw.POSTFIX_MAXIMAL_BACKOFF_TIME,
    },
    presets: raw.POSTFIX_PRESETS === "on",
    dane: raw.POSTFIX_DANE === "on",
    mtaSts: raw.MTA_STS,
    tlsCaFile: raw.OUTBOUND_TLS_CA_FILE ?? SYSTEM_CA_FILE,
    tlsCaFileSet: raw.OUTBOUND_TLS_CA_FILE !== undefined,
  };
}
