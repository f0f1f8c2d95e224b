// Runs the child Postfix's master in the foreground (`master -c DIR -s`, what
// `postfix start-fg` runs after its checks, without the shell in between, so
// the pid we hold is the master's and SIGTERM stops it with its children).
// Restarted with a growing delay when it dies; stopped with the service. Its
// log (maillog_file = /dev/stdout) goes to our log. The shape follows the
// Dovecot supervisor (server/mail-store/dovecot/dovecot-process.ts).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { closeSync, constants, existsSync, openSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { createInterface } from "node:readline";
import { logger } from "@/server/logger";
import { waitForListener } from "@/server/mail-store/dovecot/dovecot-process";
import { POSTFIX_BINARY } from "./postfix-env";

const MASTER_BINARY = "/usr/lib/postfix/sbin/master";
const SETPRIV_BINARY = "/usr/bin/setpriv";
const FIRST_RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
const STABLE_AFTER_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

export type PostfixProcess = {
  /** Resolves once the hand-off listener accepts connections (false after the timeout). */
  ready: (timeoutMs: number) => Promise<boolean>;
  stop: () => Promise<void>;
};

type Options = {
  configDir: string;
  /** Where the log's named pipe is made (root's: Postfix's own processes inherit it open). */
  logPipeFile: string;
  queueDir: string;
  handOffPort: number;
  onStatus: (online: boolean) => void;
};

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A master left by an earlier run of this DATA_DIR (the launcher was killed outright) is stopped first. */
async function stopEarlierMaster(options: Options): Promise<void> {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(options.queueDir, "pid", "master.pid"), "utf8").trim());
  } catch {
    return;
  }
  const commandLine = (() => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8");
    } catch {
      return "";
    }
  })();
  if (!(pid > 0 && isAlive(pid) && commandLine.includes(options.configDir))) return;
  process.kill(pid, "SIGTERM");
  for (let waited = 0; waited < STOP_TIMEOUT_MS && isAlive(pid); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  if (isAlive(pid)) process.kill(pid, "SIGKILL");
}

/** `postfix check`: creates the queue's missing directories and sets their owners (what start-fg runs first). */
function checkInstance(configDir: string): void {
  execFileSync(POSTFIX_BINARY, ["-c", configDir, "check"], { stdio: ["ignore", "pipe", "pipe"] });
}

/** Through setpriv when present: a launcher killed outright (SIGKILL) still takes the master with it. */
function masterCommand(configDir: string): [string, string[]] {
  const args = ["-c", configDir, "-s"];
  return existsSync(SETPRIV_BINARY) ? [SETPRIV_BINARY, ["--pdeathsig", "TERM", "--", MASTER_BINARY, ...args]] : [MASTER_BINARY, args];
}

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
  if (/postfix\/[\w-]+\[\d+\]: (fatal|panic|error):/.test(line)) return "error";
  if (/postfix\/[\w-]+\[\d+\]: warning:/.test(line)) return "warn";
  if (/postfix\/smtpd\[\d+\]: (connect from|disconnect from|lost connection after CONNECT from) /.test(line)) return "debug";
  return "info";
}

function forwardLog(streams: NodeJS.ReadableStream[]): void {
  const log = logger().child({ component: "postfix" });
  for (const stream of streams) {
    const lines = createInterface({ input: stream });
    lines.on("line", (line) => log[postfixLogLevel(line)](line));
  }
}

export function supervisePostfix(options: Options): PostfixProcess {
  const log = logger().child({ component: "postfix" });
  let child: ChildProcess | null = null;
  let stopping = false;
  let delay = FIRST_RESTART_DELAY_MS;
  let restartTimer: NodeJS.Timeout | null = null;
  const pipe = logPipe(options.logPipeFile);
  forwardLog([pipe.reader]);

  const scheduleRestart = (startedAt: number, detail: Record<string, unknown>) => {
    if (Date.now() - startedAt > STABLE_AFTER_MS) delay = FIRST_RESTART_DELAY_MS;
    log.error({ ...detail, restartInMs: delay }, "postfix exited; messages wait in the queue until it restarts");
    restartTimer = setTimeout(() => void start(), delay);
    delay = Math.min(delay * 2, MAX_RESTART_DELAY_MS);
  };

  const start = async () => {
    await stopEarlierMaster(options);
    if (stopping) return;
    const startedAt = Date.now();
    try {
      checkInstance(options.configDir);
    } catch (error) {
      const output = (error as { stderr?: Buffer }).stderr?.toString().trim();
      scheduleRestart(startedAt, { err: output || (error as Error).message });
      return;
    }
    // Its own process group (master -s makes itself a session leader anyway): a terminal's Ctrl-C reaches the
    // launcher alone, which stops Postfix after the workers that hand off to it.
    const [command, args] = masterCommand(options.configDir);
    const current = spawn(command, args, { stdio: ["ignore", pipe.writeFd, "pipe"], detached: true });
    child = current;
    forwardLog([current.stderr!]);
    current.once("error", (error) => log.error({ err: error }, "postfix could not start"));
    void waitForListener(options.handOffPort, 15_000, () => child === current).then(
      (up) => up && child === current && options.onStatus(true),
    );
    current.once("exit", (code, signal) => {
      child = null;
      options.onStatus(false);
      if (!stopping) scheduleRestart(startedAt, { exitCode: code, signal });
    });
  };
  void start();
  process.once("exit", () => child?.kill("SIGTERM"));

  return {
    ready: (timeoutMs) => waitForListener(options.handOffPort, timeoutMs, () => !stopping),
    stop: async () => {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const running = child;
      options.onStatus(false);
      const closePipe = () => {
        pipe.reader.destroy();
        closeSync(pipe.writeFd);
        rmSync(options.logPipeFile, { force: true });
      };
      if (!running || running.exitCode !== null) return closePipe();
      const exited = new Promise<void>((resolve) => running.once("exit", () => resolve()));
      // SIGTERM: the master passes it on to its children and exits (master(8)); the queue stays on disk.
      running.kill("SIGTERM");
      const timer = setTimeout(() => running.kill("SIGKILL"), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
      closePipe();
    },
  };
}
