// Runs the child Postfix's master in the foreground (`master -c DIR -s`, what
// `postfix start-fg` runs after its checks, without the shell in between, so
// the pid we hold is the master's and SIGTERM stops it with its children),
// under the engine supervisor (server/engines/supervise-engine.ts). Its log
// goes to a file (maillog_file), which log-file-tail.ts reads; what it says
// on stderr before its log service runs goes to our log.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { createInterface } from "node:readline";
import { stopLeftoverProcess } from "@/server/engines/process-checks";
import { type SupervisedEngine, superviseEngine } from "@/server/engines/supervise-engine";
import { logger } from "@/server/logger";
import { POSTFIX_BINARY } from "./postfix-env";

const MASTER_BINARY = "/usr/lib/postfix/sbin/master";
const execFileAsync = promisify(execFile);

type Options = {
  configDir: string;
  queueDir: string;
  /** The hand-off socket: it answers once Postfix serves. */
  handOffSocket: string;
  onStatus: (online: boolean) => void;
};

/**
 * `postfix check`: creates the queue's missing directories and sets their owners (what start-fg runs first). Not
 * synchronous: it takes seconds on a busy machine, and the launcher's MX and report listeners must keep answering
 * while Postfix restarts. A failure rejects with its stderr, which the supervisor logs.
 */
const checkInstance = (configDir: string) => execFileAsync(POSTFIX_BINARY, ["-c", configDir, "check"]);

/** Its connection lines (our hand-offs and readiness probes, every few seconds) are debug; deliveries and problems are not. */
export function postfixLogLevel(line: string): "error" | "warn" | "info" | "debug" {
  if (/postfix\/[\w/-]+\[\d+\]: (fatal|panic|error):/.test(line)) return "error";
  if (/postfix\/[\w/-]+\[\d+\]: warning:/.test(line)) return "warn";
  if (/postfix\/smtpd\[\d+\]: (connect from|disconnect from|lost connection after CONNECT from) /.test(line)) return "debug";
  return "info";
}

let postfixLog: ReturnType<typeof logger> | undefined;

/** One line of Postfix's log in ours, at its level. */
export function logPostfixLine(line: string): void {
  postfixLog ??= logger().child({ component: "postfix" });
  postfixLog[postfixLogLevel(line)](line);
}

function forwardLog(stream: NodeJS.ReadableStream): void {
  createInterface({ input: stream }).on("line", logPostfixLine);
}

/** Makes Postfix reopen its log file by name: `postfix reload` starts a new postlogd (the log's tail rotates the file). */
export const reopenPostfixLog = (configDir: string) => execFileAsync(POSTFIX_BINARY, ["-c", configDir, "reload"]).then(() => {});

export function supervisePostfix(options: Options): SupervisedEngine {
  return superviseEngine({
    name: "postfix",
    binary: MASTER_BINARY,
    args: ["-c", options.configDir, "-s"],
    stdio: ["ignore", "ignore", "pipe"],
    readyAt: { socket: options.handOffSocket },
    prepare: async () => {
      await stopLeftoverProcess(path.join(options.queueDir, "pid", "master.pid"), options.configDir);
      await checkInstance(options.configDir);
    },
    onSpawn: (child) => forwardLog(child.stderr!),
    whileDown: "messages wait in the queue",
    onStatus: options.onStatus,
    // SIGTERM has stopped the master and its children (master(8)); the queue and the log stay on disk.
  });
}
