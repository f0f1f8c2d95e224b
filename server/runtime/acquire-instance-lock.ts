// One launcher per DATA_DIR (docs/stopping.md, "One instance per data
// directory"): the embedded database, Dovecot's state and the mail storage
// under it must never have two owners. The lock is a file holding the owner's
// pid; a lock whose process is gone (or is no longer a launcher: pids are
// reused) is stale and taken over.
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

export const INSTANCE_LOCK_FILE = "instance.lock";
/** The scripts that hold the lock: the launcher, and `npm run clean-data` while it removes the data. */
const LOCK_HOLDERS = ["scripts/start.ts", "scripts/clean-data.ts"];

export class InstanceLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `Another instance of the service (pid ${ownerPid}) is already running on DATA_DIR ${dataDir}: stop it first (kill -TERM ${ownerPid}), or give this one a DATA_DIR of its own.`,
    );
    this.name = "InstanceLockedError";
  }
}

/** Whether `pid` is a live lock holder (its command line names one of their scripts), not a process that got a reused pid. */
function isLiveHolder(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive, but someone else's; treat it as the owner rather than take its data over.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  try {
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return LOCK_HOLDERS.some((script) => commandLine.includes(script));
  } catch {
    return true; // no /proc (not Linux): a live pid is trusted
  }
}

/**
 * Takes DATA_DIR's lock for this process, or throws InstanceLockedError naming
 * the owner. Returns the release function (safe to call more than once).
 */
export function acquireInstanceLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, INSTANCE_LOCK_FILE);
  for (let attempt = 0; ; attempt += 1) {
    try {
      // `wx`: created only when absent, so two launchers starting together cannot both win.
      writeFileSync(file, `${process.pid}\n`, { flag: "wx", mode: 0o644 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 2) throw error;
    }
    const owner = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isLiveHolder(owner)) {
      throw new InstanceLockedError(dataDir, owner);
    }
    unlinkSync(file); // stale: its launcher was killed outright
  }
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    try {
      if (readFileSync(file, "utf8").trim() === String(process.pid)) unlinkSync(file);
    } catch {
      // already gone (the data directory was removed)
    }
  };
}
