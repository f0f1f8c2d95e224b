// Runs the child Postfix's master in the foreground (`master -c DIR -s`, what
// `postfix start-fg` runs after its checks, without the shell in between, so
// the pid we hold is the master's and SIGTERM stops it with its children),
// under the engine supervisor (server/engines/supervise-engine.ts). Its log
// (maillog_file = /dev/stdout) goes to our log.
import { execFile, execFileSync } from "node:child_process";
import { closeSync, constants, openSync, rmSync } from "node:fs";
import net from "node:net";
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
  /** Where the log's named pipe is made (root's: Postfix's own processes inherit it open). */
  logPipeFile: string;
  queueDir: string;
  /** The hand-off socket: it answers once Postfix serves. */
  handOffSocket: string;
  onStatus: (online: boolean) => void;
  /** Each line of its log, after it went to ours (delivery evidence: delivery-log.ts). */
  onLogLine?: (line: string) => void;
};

/**
 * `postfix check`: creates the queue's missing directories and sets their owners (what start-fg runs first). Not
 * synchronous: it takes seconds on a busy machine, and the launcher's MX and report listeners must keep answering
 * while Postfix restarts. A failure rejects with its stderr, which the supervisor logs.
 */
const checkInstance = (configDir: string) => execFileAsync(POSTFIX_BINARY, ["-c", configDir, "check"]);

/**
 * The master's stdout: a named pipe, not Node's stdio pipe. postlogd reopens `/dev/stdout` by name, which works on a
 * pipe or a file but not on the socket Node's "pipe" stdio is. Opened read-write here, so it never blocks nor ends
 * while the master restarts; the returned stream is its reading end.
 */
function logPipe(file: string): { writeFd: number; reader: net.Socket } {
  rmSync(file, { force: true });
  execFileSync("mkfifo", ["-m", "0600", file]);
  const reader = new net.Socket({ fd: openSync(file, constants.O_RDWR | constants.O_NONBLOCK), readable: true, writable: false });
  return { writeFd: openSync(file, constants.O_WRONLY | constants.O_NONBLOCK), reader };
}

/** Its connection lines (our hand-offs and readiness probes, every few seconds) are debug; deliveries and problems are not. */
export function postfixLogLevel(line: string): "error" | "warn" | "info" | "debug" {
  if (/postfix\/[\w/-]+\[\d+\]: (fatal|panic|error):/.test(line)) return "error";
  if (/postfix\/[\w/-]+\[\d+\]: warning:/.test(line)) return "warn";
  if (/postfix\/smtpd\[\d+\]: (connect from|disconnect from|lost connection after CONNECT from) /.test(line)) return "debug";
  return "info";
}

function forwardLog(streams: NodeJS.ReadableStream[], onLine?: (line: string) => void): void {
  const log = logger().child({ component: "postfix" });
  for (const stream of streams) {
    const lines = createInterface({ input: stream });
    lines.on("line", (line) => {
      log[postfixLogLevel(line)](line);
      onLine?.(line);
    });
  }
}

export function supervisePostfix(options: Options): SupervisedEngine {
  const pipe = logPipe(options.logPipeFile);
  forwardLog([pipe.reader], options.onLogLine);
  return superviseEngine({
    name: "postfix",
    binary: MASTER_BINARY,
    args: ["-c", options.configDir, "-s"],
    stdio: ["ignore", pipe.writeFd, "pipe"],
    readyAt: { socket: options.handOffSocket },
    prepare: async () => {
      await stopLeftoverProcess(path.join(options.queueDir, "pid", "master.pid"), options.configDir);
      await checkInstance(options.configDir);
    },
    onSpawn: (child) => forwardLog([child.stderr!]),
    whileDown: "messages wait in the queue",
    onStatus: options.onStatus,
    // SIGTERM has stopped the master and its children (master(8)); the queue stays on disk.
    afterStop: () => {
      pipe.reader.destroy();
      closeSync(pipe.writeFd);
      rmSync(options.logPipeFile, { force: true });
    },
  });
}
