// Small facts about child engines' processes and listeners, shared by every
// engine the service supervises (docs/architecture.md, "The launcher's processes").
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import net from "node:net";

const STOP_TIMEOUT_MS = 10_000;

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function canConnect(host: string, port: number, timeoutMs = 1_000): Promise<boolean> {
  return canReach({ host, port }, timeoutMs);
}

/** Where an engine answers once it serves: a loopback port, or a unix-domain socket (the child Postfix's hand-off). */
export type EngineListener = { port: number } | { socket: string };

function canReach(target: { host: string; port: number } | { path: string }, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(target);
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

const targetOf = (listener: EngineListener) =>
  "port" in listener ? { host: "127.0.0.1", port: listener.port } : { path: listener.socket };

/** Whether something accepts connections on the listener right now. */
export const listenerAnswers = (listener: EngineListener, timeoutMs = 500): Promise<boolean> => canReach(targetOf(listener), timeoutMs);

/** Whether a child came up listening on its loopback port or socket in time. */
export async function waitForListener(listener: EngineListener, timeoutMs: number, stillWanted: () => boolean): Promise<boolean> {
  const target = targetOf(listener);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && stillWanted()) {
    if (await canReach(target, 500)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/**
 * Stops the process a pid file names when it is still running with `commandLineMark` in its command line: an engine
 * left by an earlier run of the same DATA_DIR (its launcher was killed outright). Another process that reused the pid
 * is left alone.
 */
export async function stopLeftoverProcess(pidFile: string, commandLineMark: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile, "utf8").trim());
  } catch {
    return;
  }
  let commandLine = "";
  try {
    commandLine = readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {}
  if (!(pid > 0 && isAlive(pid) && commandLine.includes(commandLineMark))) return;
  process.kill(pid, "SIGTERM");
  for (let waited = 0; waited < STOP_TIMEOUT_MS && isAlive(pid); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  if (isAlive(pid)) process.kill(pid, "SIGKILL");
}

/** Whether a process other than this one has `file` open (its /proc fd links; needs root for others' processes). */
export function openedElsewhere(file: string): boolean {
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === file) return true;
      } catch {}
    }
  }
  return false;
}
