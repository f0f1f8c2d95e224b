// Runs Dovecot as a child process (`dovecot -F`): removes a stale master.pid
// first (a killed master leaves one and the next start then says "already
// running"), restarts it with a growing delay when it dies, and stops it with
// the app. Its log lines (stderr) go to our log.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { createInterface } from "node:readline";
import { logger } from "@/server/logger";
import { dovecotLogLevel } from "./dovecot-log-level";

export const DOVECOT_BINARY = "/usr/sbin/dovecot";
const SETPRIV_BINARY = "/usr/bin/setpriv";
const FIRST_RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** Up this long, it counts as healthy again: the next crash restarts it after the first delay. */
const STABLE_AFTER_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

export type DovecotProcess = {
  /** Resolves once the LMTP listener accepts connections (false after the timeout). */
  ready: (timeoutMs: number) => Promise<boolean>;
  stop: () => Promise<void>;
};

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A master left by an earlier run of this DATA_DIR (the launcher was killed) is stopped; a stale pid file removed. */
async function clearEarlierMaster(baseDir: string, configFile: string): Promise<void> {
  const pidFile = `${baseDir}/master.pid`;
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile, "utf8").trim());
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
  if (pid > 0 && isAlive(pid) && commandLine.includes(configFile)) {
    process.kill(pid, "SIGTERM");
    for (let waited = 0; waited < STOP_TIMEOUT_MS && isAlive(pid); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    if (isAlive(pid)) process.kill(pid, "SIGKILL");
  }
  rmSync(pidFile, { force: true });
}

export function canConnect(host: string, port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/** Through util-linux's setpriv when present: a launcher killed outright (SIGKILL) still takes Dovecot with it, as the group did. */
function dovecotCommand(configFile: string): [string, string[]] {
  const args = ["-F", "-c", configFile];
  return existsSync(SETPRIV_BINARY) ? [SETPRIV_BINARY, ["--pdeathsig", "TERM", "--", DOVECOT_BINARY, ...args]] : [DOVECOT_BINARY, args];
}

function forwardLog(child: ChildProcess, isStopping: () => boolean): void {
  const log = logger().child({ component: "dovecot" });
  const lines = createInterface({ input: child.stderr! });
  lines.on("line", (line) => log[dovecotLogLevel(line, isStopping())](line));
  child.stdout!.resume();
}

type Options = {
  configFile: string;
  baseDir: string;
  lmtpPort: number;
  /** Called when it starts serving and when it stops. */
  onStatus: (online: boolean) => void;
};

/** Whether a child came up listening on a loopback port in time (Dovecot here, Postfix in server/outbound/postfix). */
export async function waitForListener(port: number, timeoutMs: number, stillWanted: () => boolean): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && stillWanted()) {
    if (await canConnect("127.0.0.1", port, 500)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

export function superviseDovecot(options: Options): DovecotProcess {
  const log = logger().child({ component: "dovecot" });
  let child: ChildProcess | null = null;
  let stopping = false;
  let delay = FIRST_RESTART_DELAY_MS;
  let restartTimer: NodeJS.Timeout | null = null;

  const start = async () => {
    await clearEarlierMaster(options.baseDir, options.configFile);
    if (stopping) return;
    const startedAt = Date.now();
    // Its own process group: a terminal's Ctrl-C (or a service manager's SIGTERM to the group) reaches the
    // launcher alone, which stops Dovecot last, after the listeners that deliver to it (docs/stopping.md).
    const [command, args] = dovecotCommand(options.configFile);
    const current = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
    child = current;
    forwardLog(current, () => stopping);
    current.once("error", (error) => log.error({ err: error }, "dovecot could not start"));
    const started = waitForListener(options.lmtpPort, 15_000, () => child === current);
    void started.then((up) => up && child === current && options.onStatus(true));
    current.once("exit", (code, signal) => {
      child = null;
      options.onStatus(false);
      if (stopping) return;
      if (Date.now() - startedAt > STABLE_AFTER_MS) delay = FIRST_RESTART_DELAY_MS;
      log.error({ exitCode: code, signal, restartInMs: delay }, "dovecot exited; mail storage is offline until it restarts");
      restartTimer = setTimeout(() => void start(), delay);
      delay = Math.min(delay * 2, MAX_RESTART_DELAY_MS);
    });
  };
  void start();
  // If the launcher exits without stopping it (a crash), the master goes too; a SIGKILLed launcher takes it
  // along through setpriv's death signal, and one left anyway is stopped at the next start (clearEarlierMaster).
  process.once("exit", () => child?.kill("SIGTERM"));

  return {
    ready: (timeoutMs) => waitForListener(options.lmtpPort, timeoutMs, () => !stopping),
    stop: async () => {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const running = child;
      options.onStatus(false);
      if (!running || running.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => running.once("exit", () => resolve()));
      running.kill("SIGTERM");
      const timer = setTimeout(() => running.kill("SIGKILL"), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
