// The child Postfix's configuration (docs/delivery.md, "Postfix"): main.cf,
// master.cf and the transport table, rendered from the service's settings.
// It accepts hand-offs on one loopback port only, delivers to recipients' MX
// hosts (opportunistic TLS, HELO = MAIL_HOSTNAME), never delivers locally, and
// mails delivery reports for our own return-path names straight to our MX.
import path from "node:path";
import type { PostfixTimes } from "./postfix-env";

export type PostfixLayout = {
  /** main.cf, master.cf and the transport table. */
  configDir: string;
  /** Postfix's queue: owned by root, its subdirectories by the postfix user. */
  queueDir: string;
  /** Postfix's own data (TLS session cache): owned by the postfix user. */
  dataDir: string;
  transportFile: string;
  /** The named pipe its log comes through (postfix-process.ts). */
  logPipeFile: string;
};

export function postfixLayout(root: string): PostfixLayout {
  const dir = path.join(root, "postfix");
  return {
    configDir: path.join(dir, "config"),
    queueDir: path.join(dir, "queue"),
    dataDir: path.join(dir, "data"),
    transportFile: path.join(dir, "config", "transport"),
    logPipeFile: path.join(dir, "log.pipe"),
  };
}

export type PostfixConfigInput = {
  layout: PostfixLayout;
  /** The HELO name and the name in its DSNs (MAIL_HOSTNAME). */
  hostname: string;
  /** Loopback port where delivery workers hand messages off. */
  handOffPort: number;
  /** The port it connects to at recipients' MX hosts (OUTBOUND_SMTP_PORT; 25 in production). */
  outboundPort: number;
  /** Our MX on loopback, for delivery reports to our return-path names (null: the MX is off). */
  ownMx: { host: string; port: number } | null;
  /** Domains whose mail goes to our own MX (the service's return-path domain, and customers' `<label>.<domain>`). */
  returnPath: { domain: string; label: string };
  /** DNS_SERVERS: the outbound client then resolves through its own resolv.conf (port 53 only). */
  dnsServers: string[];
  /** Delay report, queue lifetime and retry delays (Postfix times, like 4h). */
  times: PostfixTimes;
};

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** A regexp table: the key is the whole recipient address. */
export function renderTransportTable(input: PostfixConfigInput): string {
  if (!input.ownMx) return "";
  const { domain, label } = input.returnPath;
  const nexthop = `smtp:[${input.ownMx.host}]:${input.ownMx.port}`;
  return [`/@${escapeRegExp(domain)}$/ ${nexthop}`, `/@${escapeRegExp(label)}\\.[^@]+$/ ${nexthop}`, ""].join("\n");
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
    // Its log goes to the service's output through the postlog service.
    "maillog_file = /dev/stdout",
    `myhostname = ${input.hostname}`,
    "myorigin = $myhostname",
    "smtp_helo_name = $myhostname",
    `smtpd_banner = $myhostname ESMTP`,
    // Only the loopback hand-off listens; 127.0.0.1 is all it counts as itself (recipients' MX hosts elsewhere on
    // loopback, as in the tests, are not a mail loop).
    "inet_interfaces = 127.0.0.1",
    "inet_protocols = all",
    "mynetworks = 127.0.0.0/8",
    "smtpd_relay_restrictions = permit_mynetworks, reject",
    "smtpd_recipient_restrictions = permit_mynetworks, reject",
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
    "smtp_tls_security_level = may",
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
    input.ownMx ? `transport_maps = regexp:${layout.transportFile}` : "transport_maps =",
    "",
  ];
  return lines.join("\n");
}

/** Every service runs unchrooted except the outbound client when DNS_SERVERS is set (it then reads our resolv.conf). */
export function renderMasterCf(input: PostfixConfigInput): string {
  const smtpChroot = input.dnsServers.length > 0 ? "y" : "n";
  const services: [string, string, string, string, string, string, string, string?][] = [
    // service, type, private, unpriv, chroot, wakeup, maxproc, command
    [`127.0.0.1:${input.handOffPort}`, "inet", "n", "-", "n", "-", "-", "smtpd"],
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
