// The child Postfix's configuration (docs/delivery.md, "Postfix"): main.cf,
// master.cf and the transport table, rendered from the service's settings.
// It accepts hand-offs on one unix-domain socket only, in its queue's
// private/ directory, which only root (the service) and postfix may enter,
// delivers to recipients' MX hosts (opportunistic TLS, HELO = MAIL_HOSTNAME),
// never delivers locally, and mails delivery reports for our own return-path
// names straight to the service (its loopback reports listener).
import path from "node:path";
import type { PostfixTimes } from "./postfix-env";
import { PROVIDER_PRESETS, presetMainCfLines, presetServices } from "./provider-presets";

export type PostfixLayout = {
  /** main.cf, master.cf and the transport table. */
  configDir: string;
  /** Postfix's queue: owned by root, its subdirectories by the postfix user. */
  queueDir: string;
  /** Postfix's own data (TLS session cache): owned by the postfix user. */
  dataDir: string;
  transportFile: string;
  /** The access table that picks a provider preset by the recipient domain's MX hosts (provider-presets.ts). */
  presetFile: string;
  /** Its log (maillog_file): the service reads each recipient's fate from it (log-file-tail.ts). */
  logFile: string;
  /** The hand-off listener: a unix-domain socket in the queue's private/ directory (0700, postfix's). */
  handOffSocket: string;
};

/** The hand-off's service name in master.cf: a private unix service is $queue_directory/private/<name>. */
const HAND_OFF_SERVICE = "handoff";

export function postfixLayout(root: string): PostfixLayout {
  const dir = path.join(root, "postfix");
  return {
    configDir: path.join(dir, "config"),
    queueDir: path.join(dir, "queue"),
    dataDir: path.join(dir, "data"),
    transportFile: path.join(dir, "config", "transport"),
    presetFile: path.join(dir, "config", "provider-presets"),
    logFile: path.join(dir, "log", "maillog"),
    handOffSocket: path.join(dir, "queue", "private", HAND_OFF_SERVICE),
  };
}

export type PostfixConfigInput = {
  layout: PostfixLayout;
  /** The HELO name and the name in its DSNs (MAIL_HOSTNAME). */
  hostname: string;
  /** The port it connects to at recipients' MX hosts (OUTBOUND_SMTP_PORT; 25 in production). */
  outboundPort: number;
  /**
   * The service's loopback listener for the delivery reports it writes to our return-path names
   * (server/mail/postfix-reports/), and how many connections the reports transport may hold to it.
   */
  reportsTo: { host: string; port: number; connections: number };
  /** Domains whose mail goes to our own MX (the service's return-path domain, and customers' `<label>.<domain>`). */
  returnPath: { domain: string; label: string };
  /** DNS_SERVERS: the outbound client then resolves through its own resolv.conf (port 53 only). */
  dnsServers: string[];
  /** Delay report, queue lifetime and retry delays (Postfix times, like 4h). */
  times: PostfixTimes;
  /** Whether big mailbox providers get their own transports (POSTFIX_PRESETS). */
  presets: boolean;
  tls: {
    /** The certificate authorities trusted when a policy asks for a verified server (OUTBOUND_TLS_CA_FILE); null: none found. */
    caFile: string | null;
    /** POSTFIX_DANE: DANE where the recipient domain publishes TLSA records (needs a validating resolver). */
    dane: boolean;
    /** The MTA-STS resolver's socketmap port on loopback, or null when it does not run. */
    mtaStsPort: number | null;
  };
};

/** The transport reports to our own MX leave through (master.cf). */
const REPORTS_TRANSPORT = "reports";

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** A regexp table: the key is the whole recipient address. */
export function renderTransportTable(input: PostfixConfigInput): string {
  const { domain, label } = input.returnPath;
  const nexthop = `${REPORTS_TRANSPORT}:[${input.reportsTo.host}]:${input.reportsTo.port}`;
  return [`/@${escapeRegExp(domain)}$/ ${nexthop}`, `/@${escapeRegExp(label)}\\.[^@]+$/ ${nexthop}`, ""].join("\n");
}

/**
 * Opportunistic TLS everywhere; DANE where TLSA records say so (POSTFIX_DANE); a domain's MTA-STS policy, from the
 * resolver's socketmap, overrides both (docs/delivery.md, "TLS policies").
 */
function tlsLines(tls: PostfixConfigInput["tls"]): string[] {
  return [
    tls.dane ? "smtp_dns_support_level = dnssec" : "smtp_dns_support_level =",
    `smtp_tls_security_level = ${tls.dane ? "dane" : "may"}`,
    `smtp_tls_CAfile = ${tls.caFile ?? ""}`,
    tls.mtaStsPort ? `smtp_tls_policy_maps = socketmap:inet:127.0.0.1:${tls.mtaStsPort}:postfix` : "smtp_tls_policy_maps =",
  ];
}

export function renderMainCf(input: PostfixConfigInput): string {
  const { layout } = input;
  const lines = [
    "# Written by the service at each start: edits are lost (docs/delivery.md).",
    "compatibility_level = 3.6",
    `queue_directory = ${layout.queueDir}`,
    `data_directory = ${layout.dataDir}`,
    "mail_owner = postfix",
    "setgid_group = postdrop",
    // Its log goes to a file through the postlog service: the service reads each recipient's fate from it, from the
    // position it stored, and copies the lines to its own log.
    `maillog_file = ${layout.logFile}`,
    `maillog_file_prefixes = ${path.dirname(layout.logFile)}`,
    `myhostname = ${input.hostname}`,
    "myorigin = $myhostname",
    "smtp_helo_name = $myhostname",
    `smtpd_banner = $myhostname ESMTP`,
    // No TCP listener: hand-offs come through the private socket (master.cf). 127.0.0.1 is all it counts as itself
    // (recipients' MX hosts elsewhere on loopback, as in the tests, are not a mail loop).
    "inet_interfaces = 127.0.0.1",
    "inet_protocols = all",
    // No client is trusted for its address (every local user reaches loopback): any smtpd refuses to relay unless
    // its master.cf line says otherwise, as the hand-off socket's does.
    "mynetworks =",
    "smtpd_relay_restrictions = reject",
    "smtpd_recipient_restrictions = reject",
    // Nothing connects over the network: no reverse lookups.
    "smtpd_peername_lookup = no",
    // It never delivers locally: every recipient goes to its domain's MX.
    "mydestination =",
    "relay_domains =",
    "local_recipient_maps =",
    "alias_maps =",
    "alias_database =",
    "local_transport = error:5.1.1 local delivery is disabled",
    "biff = no",
    "append_dot_mydomain = no",
    // Problems are in the service's log; no mail to a postmaster nobody reads.
    "notify_classes =",
    `smtp_tcp_port = ${input.outboundPort}`,
    ...tlsLines(input.tls),
    "smtp_tls_loglevel = 1",
    `smtp_tls_session_cache_database = btree:${layout.dataDir}/smtp_scache`,
    `delay_warning_time = ${input.times.delayWarning}`,
    `maximal_queue_lifetime = ${input.times.queueLifetime}`,
    `bounce_queue_lifetime = ${input.times.queueLifetime}`,
    `minimal_backoff_time = ${input.times.minimalBackoff}`,
    `maximal_backoff_time = ${input.times.maximalBackoff}`,
    // The deferred queue is scanned as often as the first retry is due.
    `queue_run_delay = ${input.times.minimalBackoff}`,
    "message_size_limit = 41943040",
    `transport_maps = regexp:${layout.transportFile}`,
    ...(input.presets ? presetMainCfLines(PROVIDER_PRESETS) : []),
    "",
  ];
  return lines.join("\n");
}

/** Reports to our listener on loopback: no TLS to negotiate and no TLS policy to look up, so connections are reused while reports wait. */
function reportsService(connections: number): string[] {
  return [
    REPORTS_TRANSPORT,
    "unix",
    "-",
    "-",
    "n",
    "-",
    String(connections),
    "smtp",
    `-o syslog_name=postfix/${REPORTS_TRANSPORT}`,
    "-o smtp_tls_security_level=none",
    "-o smtp_tls_policy_maps=",
    "-o smtp_dns_support_level=",
  ];
}

/**
 * The hand-off listener: a private unix service, so its socket sits in the queue's private/ directory, which only
 * root and postfix may enter; reaching it is the permission to relay (`static:OK` for every client; Postfix wants a
 * `reject` in the list all the same). A provider's MX hosts give a message its preset transport (FILTER).
 */
function handOffService(input: PostfixConfigInput, chroot: string): string[] {
  return [
    HAND_OFF_SERVICE,
    "unix",
    "-",
    "-",
    chroot,
    "-",
    "-",
    "smtpd",
    "-o smtpd_relay_restrictions=check_client_access,static:OK,reject",
    `-o smtpd_recipient_restrictions=${input.presets ? `check_recipient_mx_access,regexp:${input.layout.presetFile}` : ""}`,
  ];
}

/**
 * Every service runs unchrooted except those that ask DNS when DNS_SERVERS is set (they then read our resolv.conf):
 * the outbound clients, and the hand-off listener when the presets look up recipients' MX hosts.
 */
export function renderMasterCf(input: PostfixConfigInput): string {
  const smtpChroot = input.dnsServers.length > 0 ? "y" : "n";
  const smtpdChroot = input.presets ? smtpChroot : "n";
  const services: string[][] = [
    // service, type, private, unpriv, chroot, wakeup, maxproc, command and its options
    handOffService(input, smtpdChroot),
    ["pickup", "unix", "n", "-", "n", "60", "1", "pickup"],
    ["cleanup", "unix", "n", "-", "n", "-", "0", "cleanup"],
    ["qmgr", "unix", "n", "-", "n", "300", "1", "qmgr"],
    ["tlsmgr", "unix", "-", "-", "n", "1000?", "1", "tlsmgr"],
    ["rewrite", "unix", "-", "-", "n", "-", "-", "trivial-rewrite"],
    ["bounce", "unix", "-", "-", "n", "-", "0", "bounce"],
    ["defer", "unix", "-", "-", "n", "-", "0", "bounce"],
    ["trace", "unix", "-", "-", "n", "-", "0", "bounce"],
    ["verify", "unix", "-", "-", "n", "-", "1", "verify"],
    ["flush", "unix", "n", "-", "n", "1000?", "0", "flush"],
    ["proxymap", "unix", "-", "-", "n", "-", "-", "proxymap"],
    ["proxywrite", "unix", "-", "-", "n", "-", "1", "proxymap"],
    ["smtp", "unix", "-", "-", smtpChroot, "-", "-", "smtp"],
    ["relay", "unix", "-", "-", smtpChroot, "-", "-", "smtp"],
    ["showq", "unix", "n", "-", "n", "-", "-", "showq"],
    ["error", "unix", "-", "-", "n", "-", "-", "error"],
    ["retry", "unix", "-", "-", "n", "-", "-", "error"],
    ["discard", "unix", "-", "-", "n", "-", "-", "discard"],
    ["anvil", "unix", "-", "-", "n", "-", "1", "anvil"],
    ["scache", "unix", "-", "-", "n", "-", "1", "scache"],
    ["postlog", "unix-dgram", "n", "-", "n", "-", "1", "postlogd"],
    ...(input.presets ? presetServices(smtpChroot, PROVIDER_PRESETS) : []),
    reportsService(input.reportsTo.connections),
  ];
  return [
    "# Written by the service at each start: edits are lost (docs/delivery.md).",
    ...services.map((fields) => fields.join(" ")),
    "",
  ].join("\n");
}

/** The resolver file of the chrooted outbound client (queue_directory/etc/resolv.conf). */
export function renderResolvConf(dnsServers: string[]): string {
  return `${dnsServers.map((server) => `nameserver ${server}`).join("\n")}\n`;
}
