// Small facts about child engines' processes and listeners, shared by every
// engine the service supervises (docs/architecture.md, "The launcher's processes").
import { readFileSync } from "node:fs";
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

/** Whether a child came up listening on a loopback port in time. */
export async function waitForListener(port: number, timeoutMs: number, stillWanted: () => boolean): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && stillWanted()) {
    if (await canConnect("127.0.0.1", port, 500)) return true;
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
