// `npm run clean-data`: removes what this checkout's servers stored, inside
// the clone and out of it. Run as root from a directory Dovecot's users cannot
// pass through, the mail and the engines' state live under
// /var/lib/customer-email-service/<hash of DATA_DIR>/ (server/engines/state-dir.ts),
// which deleting the clone leaves behind. A data directory in use by a running
// server is refused: its lock is taken first, so none can start meanwhile.
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ENGINE_STATUS_FILES } from "@/server/engines/engine-status";
import { SERVICE_STATE_ROOT, serviceStateDir } from "@/server/engines/state-dir";
import { acquireInstanceLock } from "./acquire-instance-lock";

/**
 * Everything the service writes at the top of a DATA_DIR. A DATA_DIR holding
 * anything else is not removed: a mistyped DATA_DIR (/etc has a `dovecot` and
 * a `mail` too) must never be taken for ours.
 */
const SERVICE_ENTRIES = [
  "pg",
  "embedded-database.url",
  "secrets.json",
  "sandbox-webhook-secret",
  "service-dkim.pem",
  "instance.lock",
  "mail",
  "mail-tls",
  ...ENGINE_STATUS_FILES,
  "rspamd.controller",
  "dovecot",
  "postfix",
  "rspamd",
];
/** Of those, the files no other program writes: one must be there. */
const SERVICE_FILES = [
  "secrets.json",
  "sandbox-webhook-secret",
  "service-dkim.pem",
  "instance.lock",
  ...ENGINE_STATUS_FILES,
  "embedded-database.url",
];
const isServiceEntry = (entry: string) => SERVICE_ENTRIES.includes(entry) || entry.startsWith("sieve-check-");

export class CleanDataRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CleanDataRefusedError";
  }
}

export type CleanDataOptions = {
  /** DATA_DIR, resolved. */
  dataDir: string;
  /** The checkout whose test runs' data (`.test-data/`) goes too. */
  checkout: string;
  serviceRoot?: string;
};

export type Removed = { path: string; what: string };

const isDirectory = (dir: string) => existsSync(dir) && statSync(dir).isDirectory();

/** Whether `dir` is `parent` or inside it. */
const isWithin = (dir: string, parent: string) => {
  const relative = path.relative(parent, dir);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
};

/**
 * Why DATA_DIR must not be removed, or null when it may: it must be a
 * directory the service wrote (or be absent), not a top-level directory, not
 * one holding the checkout or the home directory, and hold only what the
 * service writes there, one of its own files among them. `entries` is what it
 * holds: null when it does not exist, "file" when it is no directory.
 */
export function dataDirRefusal(dataDir: string, checkout: string, entries: string[] | null | "file", home = os.homedir()): string | null {
  if (path.dirname(dataDir) === dataDir || path.dirname(dataDir) === path.parse(dataDir).root) return "is a top-level directory";
  if (isWithin(checkout, dataDir)) return "holds this checkout";
  if (isWithin(home, dataDir)) return "holds your home directory";
  if (entries === "file") return "is not a directory";
  if (entries === null || entries.length === 0) return null;
  const foreign = entries.filter((entry) => !isServiceEntry(entry));
  if (foreign.length > 0) {
    const named = `${foreign.slice(0, 5).join(", ")}${foreign.length > 5 ? ", …" : ""}`;
    return `holds what the service does not write there (${named}); remove it yourself if you mean to`;
  }
  if (!entries.some((entry) => SERVICE_FILES.includes(entry))) {
    return `has none of the service's own files (${SERVICE_FILES.join(", ")}); remove it yourself if you mean to`;
  }
  return null;
}

function entriesOf(dir: string): string[] | null | "file" {
  if (!existsSync(dir)) return null;
  return statSync(dir).isDirectory() ? readdirSync(dir) : "file";
}

/**
 * Removes DATA_DIR and its directory under the service root, and every test
 * run's data directory under `<checkout>/.test-data` with theirs. Throws
 * CleanDataRefusedError (or InstanceLockedError, naming the running server)
 * before removing anything.
 */
export function cleanData({ dataDir, checkout, serviceRoot = SERVICE_STATE_ROOT }: CleanDataOptions): Removed[] {
  const testData = path.join(checkout, ".test-data");
  const testDataDirs = isDirectory(testData) ? readdirSync(testData).map((entry) => path.join(testData, entry)) : [];
  const refusal = dataDirRefusal(dataDir, checkout, entriesOf(dataDir));
  if (refusal) throw new CleanDataRefusedError(`DATA_DIR ${dataDir} ${refusal}: nothing removed.`);

  const releases: (() => void)[] = [];
  try {
    // Every lock first: a running server anywhere stops the whole clean-up before anything is gone.
    for (const dir of [dataDir, ...testDataDirs.filter(isDirectory)]) {
      if (isDirectory(dir)) releases.push(acquireInstanceLock(dir));
    }
    const removed: Removed[] = [];
    const remove = (target: string, what: string) => {
      if (!existsSync(target)) return;
      rmSync(target, { recursive: true, force: true });
      removed.push({ path: target, what });
    };
    remove(dataDir, "DATA_DIR");
    remove(serviceStateDir(dataDir, serviceRoot), "DATA_DIR's mail and engine state");
    for (const dir of testDataDirs) remove(serviceStateDir(dir, serviceRoot), `mail and engine state of ${path.relative(checkout, dir)}`);
    remove(testData, "the test runs' data");
    return removed;
  } finally {
    for (const release of releases) release();
  }
}
