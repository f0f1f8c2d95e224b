// The outbound MTA for this instance (docs/delivery.md, "Postfix").
// POSTFIX=auto runs Debian's Postfix as a child in production when it is
// installed, the service runs as root and no SMTP_URL is set (POSTFIX=on
// outside production too): its configuration is written
// under the service's state directory at each start, its queue stays there
// across restarts. POSTFIX=external hands off to an operator's Postfix at
// POSTFIX_URL; POSTFIX=off runs none.
import { existsSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { type Env, EnvError } from "@/server/config/env";
import { blockingParent, prepareStateRoot, serviceStateDir } from "@/server/engines/state-dir";
import { freeLoopbackPort } from "@/server/engines/free-port";
import { RETURN_PATH_LABEL, returnPathDomain } from "@/server/services/domains/sending-config";
import { postfixLogRecorder, storedLogPosition } from "@/server/services/delivery/record-postfix-log";
import { tailLogFile } from "@/server/outbound/postfix/log-file-tail";
import { canRunPostfix, dnsPortProblem, postfixSeconds } from "@/server/outbound/postfix/postfix-env";
import { type PostfixLayout, postfixLayout } from "@/server/outbound/postfix/postfix-config";
import { logPostfixLine, reopenPostfixLog, supervisePostfix } from "@/server/outbound/postfix/postfix-process";
import { writePostfixStatus } from "@/server/outbound/postfix/postfix-status";
import { postfixUser } from "@/server/outbound/postfix/postfix-user";
import { startMtaSts } from "./start-mta-sts";
import type { TlsPolicySources } from "@/server/outbound/postfix/tls-policy-applied";
import { writePostfixFiles } from "@/server/outbound/postfix/write-postfix-files";

export type OutboundMta = {
  /** One line for the launcher's log. */
  description: string;
  /** The child's hand-off socket, where delivery workers hand off (POSTFIX_HANDOFF_SOCKET), or null. */
  handOffSocket: string | null;
  /** The loopback listener the child mails its delivery reports to, and the user its connections come from; null without a child. */
  reports: { port: number; postfixUid: number } | null;
  stop: () => Promise<void>;
};

const runsWhere = "Postfix runs when Debian's postfix is installed (/usr/sbin/postfix) and the service runs as root";

const noRouteProblem =
  `EMAIL_TRANSPORT=outbound: no outbound MTA. ${runsWhere}: install it with \`apt-get install postfix\` (debconf: No configuration) ` +
  "and run as root, or set POSTFIX=external with POSTFIX_URL, SMTP_URL with EMAIL_TRANSPORT=smtp, or RESEND_API_KEY with EMAIL_TRANSPORT=resend";

const none = (description: string): OutboundMta => ({ description, handOffSocket: null, reports: null, stop: async () => {} });

/** The longest path a unix-domain socket can have on Linux (sun_path: 108 bytes with the closing NUL). */
const MAX_SOCKET_PATH_BYTES = 107;

/**
 * Postfix works as the postfix user: a DATA_DIR below a parent it cannot pass (root's 0700 home) moves its files to
 * /var/lib, as Dovecot's (server/engines/state-dir.ts), and so does one so deep that the hand-off socket's path would be
 * longer than a socket's can be. The root is made traversable, not listable.
 */
function preparePostfixRoot(dataDir: string): string {
  const blocking = blockingParent(dataDir);
  const tooDeep = Buffer.byteLength(postfixLayout(path.resolve(dataDir)).handOffSocket) > MAX_SOCKET_PATH_BYTES;
  const root = blocking || tooDeep ? serviceStateDir(dataDir) : path.resolve(dataDir);
  prepareStateRoot({ root, movedBecause: blocking ?? (tooDeep ? "the hand-off socket's path would be too long" : null) });
  return root;
}

/** Connections the child holds to the reports listener at most. */
const REPORT_CONNECTIONS = 20;

/** A log this long is rotated (about 60,000 deliveries' lines). */
const LOG_ROTATE_BYTES = 64 * 1024 * 1024;

/**
 * Reads each recipient's fate from the child's log, from where the last run of this instance stopped; reports to our
 * own return-path names are no customer's delivery.
 */
async function followPostfixLog(layout: PostfixLayout, settings: Env["postfix"], policies: TlsPolicySources) {
  const ownDomain = returnPathDomain();
  const log = `${hostname()}:${layout.logFile}`;
  const record = postfixLogRecorder({
    log,
    ours: (recipient) => recipient.endsWith(`@${ownDomain}`) || recipient.includes(`@${RETURN_PATH_LABEL}.`),
    policies,
    backoff: { minimal: postfixSeconds(settings.times.minimalBackoff), maximal: postfixSeconds(settings.times.maximalBackoff) },
  });
  return tailLogFile({
    file: layout.logFile,
    from: await storedLogPosition(log),
    onRead: logPostfixLine,
    onLines: record,
    rotateAtBytes: LOG_ROTATE_BYTES,
    reopen: () => reopenPostfixLog(layout.configDir),
  });
}

/** OUTBOUND_TLS_CA_FILE must exist when set; Debian's bundle may be absent (then nothing can be verified). */
function tlsCaFile(settings: Env["postfix"]): string | null {
  if (existsSync(settings.tlsCaFile)) return settings.tlsCaFile;
  if (settings.tlsCaFileSet) throw new EnvError([`OUTBOUND_TLS_CA_FILE: no file at ${settings.tlsCaFile}`]);
  return null;
}

export async function startPostfix(config: Env): Promise<OutboundMta> {
  const settings = config.postfix;
  if (settings.mode === "off") return none("outbound MTA off (POSTFIX=off)");
  if (settings.mode === "external") {
    return none(`outbound MTA: Postfix at ${settings.handOff && "url" in settings.handOff ? settings.handOff.url : "POSTFIX_URL"}`);
  }
  if (!settings.wantsChild && config.SMTP_URL) return none("outbound MTA: none (SMTP_URL is the smart host)");
  if (!settings.wantsChild) return none("outbound MTA: none outside production with POSTFIX=auto (POSTFIX=on runs it)");
  const user = postfixUser();
  if (!canRunPostfix() || !user) {
    if (settings.mode === "on") throw new EnvError([`POSTFIX=on: ${runsWhere}`]);
    // No route for the service's emails (and, in production, none for customers' mail): refuse to start.
    if (config.emailTransport === "outbound") throw new EnvError([noRouteProblem]);
    writePostfixStatus(config.dataDir, "off");
    return none(
      process.getuid?.() === 0
        ? "outbound MTA: none; install Postfix with `apt-get install postfix` (debconf: No configuration) to deliver to the Internet"
        : "outbound MTA: none (Postfix runs only when the service runs as root)",
    );
  }
  const problem = dnsPortProblem(config.DNS_SERVERS);
  if (problem) throw new EnvError([problem]);
  const caFile = tlsCaFile(settings);
  const reportsPort = await freeLoopbackPort();
  const root = preparePostfixRoot(config.dataDir);
  const layout = postfixLayout(root);
  // Online only while Postfix and, when it runs, the MTA-STS resolver answer: without the resolver every delivery waits.
  const serving = { postfix: false, mtaSts: false };
  const reportStatus = () => writePostfixStatus(config.dataDir, serving.postfix && serving.mtaSts ? "online" : "offline");
  // Before Postfix: it asks the resolver for every delivery's TLS policy.
  const mtaSts = await startMtaSts(settings, root, caFile, (online) => {
    serving.mtaSts = online;
    reportStatus();
  });
  if (mtaSts.port === null) serving.mtaSts = true;
  writePostfixFiles(
    {
      layout,
      hostname: config.mail.hostname,
      outboundPort: settings.outboundPort,
      reportsTo: { host: "127.0.0.1", port: reportsPort, connections: REPORT_CONNECTIONS },
      returnPath: { domain: returnPathDomain(), label: RETURN_PATH_LABEL },
      dnsServers: settings.dnsServers,
      times: settings.times,
      presets: settings.presets,
      tls: { caFile, dane: settings.dane, mtaStsPort: mtaSts.port },
    },
    user,
  );
  reportStatus();
  const logTail = await followPostfixLog(layout, settings, { mtaStsPort: mtaSts.port, dane: settings.dane });
  const postfix = supervisePostfix({
    configDir: layout.configDir,
    queueDir: layout.queueDir,
    handOffSocket: layout.handOffSocket,
    onStatus: (online) => {
      serving.postfix = online;
      reportStatus();
    },
  });
  const ready = await postfix.ready(15_000);
  const dns = settings.dnsServers.length > 0 ? `DNS ${settings.dnsServers.join(", ")}` : "the system's DNS";
  const extras = [
    settings.presets ? "provider presets on" : "provider presets off (POSTFIX_PRESETS=off)",
    settings.dane ? "DANE on" : "DANE off",
    mtaSts.description,
  ];
  return {
    description: `outbound MTA: Postfix${ready ? "" : " did not start yet (see its log lines);"} hand-off on unix socket ${layout.handOffSocket}, delivers to MX port ${settings.outboundPort} through ${dns}; queue under ${layout.queueDir}; ${extras.join("; ")}`,
    handOffSocket: layout.handOffSocket,
    reports: { port: reportsPort, postfixUid: user.uid },
    // Postfix first: its deliveries in flight may still ask the resolver. The log's tail last: Postfix's last lines are
    // read on the next start, from the stored position.
    stop: async () => {
      await postfix.stop();
      await mtaSts.stop();
      await logTail.stop();
    },
  };
}
