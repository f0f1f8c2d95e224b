// One supervisor for every child engine (Dovecot, Postfix, rspamd, the
// MTA-STS resolver): start it in its own process group, report it online once
// its listener answers, restart it with a growing delay when it dies (clearing
// what its group left running), and stop it with the service (SIGTERM, then
// SIGKILL after a grace period). What differs per engine (its command,
// what to do before each start, where its log goes) is passed in.
import { type ChildProcess, type StdioOptions, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { logger } from "@/server/logger";
import { type EngineListener, listenerAnswers, waitForListener } from "./process-checks";

const SETPRIV_BINARY = "/usr/bin/setpriv";
const FIRST_RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** Up this long, it counts as healthy again: the next crash restarts it after the first delay. */
const STABLE_AFTER_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
const START_TIMEOUT_MS = 15_000;
/** Failed starts in a row after which an engine is reported down (it is still retried, at the longest delay). */
export const DOWN_AFTER_FAILED_STARTS = 3;

export type SupervisedEngine = {
  /** Resolves once the engine's listener accepts connections (false after the timeout). */
  ready: (timeoutMs: number) => Promise<boolean>;
  stop: () => Promise<void>;
};

export type EngineOptions = {
  /** The log component and the name in messages: "dovecot", "postfix", "mta-sts". */
  name: string;
  binary: string;
  args: string[];
  /** stdin, stdout, stderr of the child: stdout may be a file descriptor of the engine's own (a named pipe). */
  stdio: StdioOptions;
  /** Its environment (default: the launcher's). */
  env?: Record<string, string>;
  /** The loopback port or socket that answers once the engine serves. */
  readyAt: EngineListener;
  /** Before each start: stop what an earlier run left, check the instance. A throw counts as a failed start. */
  prepare: () => Promise<void>;
  /** Called with the child just spawned, to read its output. */
  onSpawn: (child: ChildProcess, isStopping: () => boolean) => void;
  /** What the outage means for customers, for the log line when it dies. */
  whileDown: string;
  /**
   * Called when it starts serving and when it stops, with the starts in a row that never served
   * (a port taken, a configuration it refuses): past DOWN_AFTER_FAILED_STARTS it is down, not restarting.
   */
  onStatus: (online: boolean, failedStarts: number) => void;
  /** After it has stopped for good (close what the engine's output used). */
  afterStop?: () => void;
};

const describeListener = (listener: EngineListener) => ("port" in listener ? `port ${listener.port}` : `socket ${listener.socket}`);

/** Through util-linux's setpriv when present: a launcher killed outright (SIGKILL) still takes the engine with it. */
function withParentDeathSignal(binary: string, args: string[]): [string, string[]] {
  return existsSync(SETPRIV_BINARY) ? [SETPRIV_BINARY, ["--pdeathsig", "TERM", "--", binary, ...args]] : [binary, args];
}

/**
 * Kills what is left of an engine's process group once its main process is gone: the workers of a master
 * killed outright (SIGKILL, the OOM killer) would otherwise live on with the old settings, holding connections.
 */
function killLeftoverGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // Nothing left in the group.
  }
}

export function superviseEngine(options: EngineOptions): SupervisedEngine {
  const log = logger().child({ component: options.name });
  let child: ChildProcess | null = null;
  let stopping = false;
  let delay = FIRST_RESTART_DELAY_MS;
  let restartTimer: NodeJS.Timeout | null = null;
  let failedStarts = 0;
  const failed = () => {
    failedStarts += 1;
    if (failedStarts === DOWN_AFTER_FAILED_STARTS)
      log.error({ failedStarts }, `${options.name} failed to start ${failedStarts} times in a row; ${options.whileDown} until it does`);
    options.onStatus(false, failedStarts);
  };

  const scheduleRestart = (startedAt: number, detail: Record<string, unknown>) => {
    if (Date.now() - startedAt > STABLE_AFTER_MS) delay = FIRST_RESTART_DELAY_MS;
    log.error({ ...detail, restartInMs: delay }, `${options.name} exited; ${options.whileDown} until it restarts`);
    restartTimer = setTimeout(() => void start(), delay);
    delay = Math.min(delay * 2, MAX_RESTART_DELAY_MS);
  };

  const start = async () => {
    const startedAt = Date.now();
    try {
      await options.prepare();
    } catch (error) {
      const output = (error as { stderr?: Buffer }).stderr?.toString().trim();
      if (!stopping) {
        failed();
        scheduleRestart(startedAt, { err: output || (error as Error).message });
      }
      return;
    }
    if (stopping) return;
    // Another process answering where the engine is to listen would pass for the engine once it is spawned
    // (it then fails to bind and exits): not started, it is a failed start, reported as such.
    if (await listenerAnswers(options.readyAt)) {
      if (!stopping) {
        failed();
        scheduleRestart(startedAt, { err: `${describeListener(options.readyAt)} is taken by another process` });
      }
      return;
    }
    // Its own process group: a terminal's Ctrl-C (or a service manager's SIGTERM to the group) reaches the
    // launcher alone, which stops the engine after the parts that use it (docs/stopping.md).
    const [command, args] = withParentDeathSignal(options.binary, options.args);
    const current = spawn(command, args, {
      stdio: options.stdio,
      detached: true,
      env: (options.env as NodeJS.ProcessEnv | undefined) ?? process.env,
    });
    child = current;
    options.onSpawn(current, () => stopping);
    current.once("error", (error) => log.error({ err: error }, `${options.name} could not start`));
    let served = false;
    void waitForListener(options.readyAt, START_TIMEOUT_MS, () => child === current).then((up) => {
      if (!up || child !== current) return;
      served = true;
      failedStarts = 0;
      options.onStatus(true, 0);
    });
    current.once("exit", (code, signal) => {
      killLeftoverGroup(current.pid);
      child = null;
      if (stopping || served) options.onStatus(false, failedStarts);
      else failed();
      if (!stopping) scheduleRestart(startedAt, { exitCode: code, signal });
    });
  };
  void start();
  // If the launcher exits without stopping it (a crash), the engine goes too; one left anyway is stopped by the
  // next start's `prepare`.
  process.once("exit", () => child?.kill("SIGTERM"));

  return {
    ready: (timeoutMs) => waitForListener(options.readyAt, timeoutMs, () => !stopping),
    stop: async () => {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const running = child;
      options.onStatus(false, 0);
      if (running && running.exitCode === null) {
        const exited = new Promise<void>((resolve) => running.once("exit", () => resolve()));
        running.kill("SIGTERM");
        const timer = setTimeout(() => running.kill("SIGKILL"), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      options.afterStop?.();
    },
  };
}
