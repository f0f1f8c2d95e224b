// Runs Debian's mta-sts-daemon under the engine supervisor
// (server/engines/supervise-engine.ts) as its own _mta-sts user. It has no
// resolver setting: with DNS_SERVERS it runs in a mount namespace of its own
// where our resolv.conf is bind-mounted over /etc/resolv.conf (nothing changes
// for the rest of the machine). It fetches policies over HTTPS trusting
// OUTBOUND_TLS_CA_FILE (OpenSSL's SSL_CERT_FILE). Its log goes to ours.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { stopLeftoverProcess } from "@/server/engines/process-checks";
import { type SupervisedEngine, superviseEngine } from "@/server/engines/supervise-engine";
import { logger } from "@/server/logger";
import type { MtaStsLayout } from "./mta-sts-config";

export const MTA_STS_BINARY = "/usr/bin/mta-sts-daemon";
const SETPRIV_BINARY = "/usr/bin/setpriv";
const UNSHARE_BINARY = "/usr/bin/unshare";
export const MTA_STS_USER = "_mta-sts";

type Options = {
  layout: MtaStsLayout;
  port: number;
  caFile: string;
  /** Whether it resolves through layout.resolvConfFile (DNS_SERVERS) instead of the machine's resolver. */
  ownResolver: boolean;
  /** When it starts answering and when it stops. */
  onStatus: (online: boolean) => void;
};

/** Whether this process may make a mount namespace (root with CAP_SYS_ADMIN; not in every container). */
export function canUseOwnResolver(): boolean {
  try {
    execFileSync(UNSHARE_BINARY, ["--mount", "--propagation", "private", "--", "/bin/true"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** The command line: the daemon as _mta-sts, inside a mount namespace with our resolv.conf when `ownResolver`. */
export function mtaStsCommand(options: Pick<Options, "layout" | "ownResolver">): [string, string[]] {
  const daemon = [
    SETPRIV_BINARY,
    `--reuid=${MTA_STS_USER}`,
    `--regid=${MTA_STS_USER}`,
    "--clear-groups",
    // Set again after the change of user, which clears it.
    "--pdeathsig",
    "TERM",
    "--",
    MTA_STS_BINARY,
    "--config",
    options.layout.configFile,
  ];
  if (!options.ownResolver) return [daemon[0]!, daemon.slice(1)];
  const bindResolvConf = 'mount --bind "$0" /etc/resolv.conf && exec "$@"';
  return [
    UNSHARE_BINARY,
    ["--mount", "--propagation", "private", "--", "/bin/sh", "-c", bindResolvConf, options.layout.resolvConfFile, ...daemon],
  ];
}

/** Its lines: `2026-01-01 12:00:00 WARNING  STS: …`; it words an ordinary stop as warnings. */
export function mtaStsLogLevel(line: string): "error" | "warn" | "info" {
  if (/ (ERROR|CRITICAL)\s/.test(line) || /^Traceback|Error:/.test(line)) return "error";
  if (/: (Got first exit signal|Awaiting \d+ client handlers|Awaiting periodic fetching)/.test(line)) return "info";
  if (/ WARNING\s/.test(line)) return "warn";
  return "info";
}

/** What it needs of our environment, nothing more (the launcher's holds secrets). */
function daemonEnvironment(caFile: string): Record<string, string> {
  const passed = ["PATH", "LANG", "https_proxy", "HTTPS_PROXY", "no_proxy", "NO_PROXY"];
  const environment: Record<string, string> = { SSL_CERT_FILE: caFile };
  for (const name of passed) if (process.env[name] !== undefined) environment[name] = process.env[name];
  return environment;
}

export function superviseMtaSts(options: Options): SupervisedEngine {
  const [binary, args] = mtaStsCommand(options);
  const log = logger().child({ component: "mta-sts" });
  return superviseEngine({
    name: "mta-sts",
    binary,
    args,
    env: daemonEnvironment(options.caFile),
    stdio: ["ignore", "pipe", "pipe"],
    readyAt: { port: options.port },
    prepare: () => stopLeftoverProcess(options.layout.pidFile, options.layout.configFile),
    onSpawn: (child) => {
      if (child.pid) writeFileSync(options.layout.pidFile, `${child.pid}\n`);
      for (const stream of [child.stdout, child.stderr]) {
        if (stream) createInterface({ input: stream }).on("line", (line) => log[mtaStsLogLevel(line)](line));
      }
    },
    whileDown: "deliveries wait (Postfix cannot look up TLS policies)",
    // While it is down Postfix defers every delivery (nothing is lost): the outbound MTA counts as offline.
    onStatus: options.onStatus,
  });
}
