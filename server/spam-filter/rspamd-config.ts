// The child rspamd's own local configuration (docs/spam-and-rules.md,
// "Spam filtering"): Debian's /etc/rspamd stays as shipped and reads ours
// through LOCAL_CONFDIR. Workers listen on loopback ports picked at start,
// DNS goes to DNS_SERVERS with short timeouts (an offline machine answers in
// well under a second), the modules that only work with the Internet
// (blocklists, fuzzy hashes, remote maps, updates) are off, and SPF, DKIM and
// DMARC come from the MX's own checks ("What rspamd is told").
import path from "node:path";
import type { RspamdRedis } from "./rspamd-env";

export type RspamdLayout = { dir: string; confDir: string; runDir: string; dbDir: string; pidFile: string };

export type RspamdConfigInput = {
  normalPort: number;
  controllerPort: number;
  /** host:port entries; empty: the system's resolvers (/etc/resolv.conf). */
  dnsServers: string[];
  /** The controller's password (learning needs it); generated at each start, never logged. */
  controllerPassword: string;
  /** REDIS_URL: Bayes statistics in Redis, taught by "Spam"/"Not spam"; null: no statistics. */
  redis: RspamdRedis | null;
};

/** Modules that need the Internet (DNS blocklists, rspamd.com's maps and fuzzy storage, update checks). */
export const INTERNET_MODULES = [
  "rbl",
  "surbl",
  "fuzzy_check",
  "asn",
  "phishing",
  "dcc",
  "emails",
  "url_redirector",
  "rspamd_update",
  "mx_check",
  "whitelist",
];

/**
 * Debian's multimap rules (informative, score 0) read rspamd.com's freemail and disposable-address lists;
 * ours are the same rules, by the same names, over short lists shipped here, so nothing is fetched.
 */
const LIST_RULES: [name: string, type: string, header: string | null, symbol: string][] = [
  ["envfrom", "from", null, "ENVFROM"],
  ["envrcpt", "rcpt", null, "ENVRCPT"],
  ["from", "header", "from", "FROM"],
  ["to", "header", "To", "TO"],
  ["cc", "header", "Cc", "CC"],
  ["replyto", "header", "Reply-To", "REPLYTO"],
];
const FREEMAIL_DOMAINS = [
  "gmail.com",
  "googlemail.com",
  "yahoo.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "icloud.com",
  "aol.com",
  "gmx.de",
  "gmx.net",
  "web.de",
  "mail.ru",
  "yandex.ru",
  "proton.me",
  "protonmail.com",
  "zoho.com",
];
const DISPOSABLE_DOMAINS = ["mailinator.com", "guerrillamail.com", "10minutemail.com", "yopmail.com", "temp-mail.org", "trashmail.com"];

function offlineMultimap(): string {
  return ["freemail", "disposable"]
    .flatMap((list) =>
      LIST_RULES.map(
        ([name, type, header, symbol]) =>
          `${list}_${name} {\n  type = "${type}";\n${header ? `  header = "${header}";\n` : ""}  filter = "email:domain";\n` +
          `  map = "$LOCAL_CONFDIR/maps.d/${list}.map";\n  symbol = "${list.toUpperCase()}_${symbol}";\n  score = 0.0;\n}\n`,
      ),
    )
    .join("");
}

export function rspamdLayout(stateRoot: string): RspamdLayout {
  const dir = path.join(stateRoot, "rspamd");
  const runDir = path.join(dir, "run");
  return { dir, confDir: path.join(dir, "conf"), runDir, dbDir: path.join(dir, "db"), pidFile: path.join(runDir, "rspamd.pid") };
}

const quoted = (value: string) => JSON.stringify(value);

/** Debian's rspamd configuration directory, as rspamd's own variable. */
const RSPAMD_CONFDIR = "$CONFDIR";

/** File name (under LOCAL_CONFDIR) → content. override.d replaces the keys Debian's rspamd.conf sets (ports, log). */
export function renderRspamdFiles(input: RspamdConfigInput): Record<string, string> {
  const nameservers = input.dnsServers.length > 0 ? `  nameserver = [${input.dnsServers.map(quoted).join(", ")}];\n` : "";
  const files: Record<string, string> = {
    "override.d/worker-normal.inc": `bind_socket = "127.0.0.1:${input.normalPort}";\ncount = 1;\n`,
    // Learning ("Spam"/"Not spam") and statistics; loopback only, and a password even from loopback
    // (Debian trusts 127.0.0.1 without one: any local user could teach the filter).
    "override.d/worker-controller.inc":
      `bind_socket = "127.0.0.1:${input.controllerPort}";\ncount = 1;\n` +
      `password = ${quoted(input.controllerPassword)};\nenable_password = ${quoted(input.controllerPassword)};\nsecure_ip = [];\n`,
    // The MX asks the normal worker over HTTP: no milter proxy, no local fuzzy storage.
    "override.d/worker-proxy.inc": "count = -1;\n",
    "override.d/worker-fuzzy.inc": "count = -1;\n",
    "override.d/logging.inc": 'type = "console";\nlevel = "notice";\n',
    // Short DNS timeouts: a verdict never waits seconds on a resolver that cannot reach the Internet.
    "local.d/options.inc": `dns {\n${nameservers}  timeout = 0.3s;\n  retransmits = 1;\n}\ntask_timeout = 4s;\n`,
    // Greylisting needs a store of the senders seen (Redis); without one a score-based "greylist" would defer the
    // same message at every retry until it expired. Scores between the thresholds are "no action".
    "local.d/actions.conf": "greylist = null;\n",
    // The MX sends its own SPF, DKIM and DMARC results with each message (check-message.ts): rspamd scores
    // those and skips its own lookups, so a verdict costs no DNS for them and never disagrees with our header.
    "local.d/http_headers.conf": "enabled = true;\n",
  };
  // Without Redis there is nowhere to keep Bayes statistics: no classifier at all, rather than one that logs
  // an error per statfile at every start ("cannot init redis backend").
  if (input.redis) files["local.d/classifier-bayes.conf"] = bayesInRedis(input.redis);
  else files["override.d/statistic.conf"] = 'classifier "bayes" {\n  enabled = false;\n}\n';
  for (const module of INTERNET_MODULES) files[`local.d/${module}.conf`] = "enabled = false;\n";
  // Their lists as Debian ships them, without first asking maps.rspamd.com (which an offline machine cannot resolve).
  // (`$CONFDIR` is rspamd's variable, expanded by rspamd.)
  files["override.d/mime_types.conf"] = `file = ["${RSPAMD_CONFDIR}/maps.d/mime_types.inc"];\n`;
  files["override.d/mid.conf"] = `source { url = ["${RSPAMD_CONFDIR}/maps.d/mid.inc"]; }\n`;
  files["override.d/multimap.conf"] = offlineMultimap();
  files["maps.d/freemail.map"] = `${FREEMAIL_DOMAINS.join("\n")}\n`;
  files["maps.d/disposable.map"] = `${DISPOSABLE_DOMAINS.join("\n")}\n`;
  return files;
}

/**
 * Debian's Bayes classifier (statistic.conf) with its statistics in Redis; learning only when a user says so.
 * per_user: one set of statistics per account, named by the Deliver-To request header the MX and the learner both
 * send (statistics-user.ts), so one account's lessons never score another's mail.
 */
function bayesInRedis(redis: RspamdRedis): string {
  const password = redis.password ? `password = ${quoted(redis.password)};\n` : "";
  return `backend = "redis";\nservers = ${quoted(redis.server)};\ndb = "${redis.db}";\n${password}autolearn = false;\nper_user = true;\n`;
}

/** Files holding a password: readable by rspamd's main process (root) only. */
export const SECRET_RSPAMD_FILES = new Set(["override.d/worker-controller.inc", "local.d/classifier-bayes.conf"]);
