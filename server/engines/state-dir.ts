// Where a child engine that works as an unprivileged user keeps its files
// (docs/mail-storage.md, "Where mail is stored"). Run as root, Dovecot, Postfix
// and rspamd work as users of their own: they must be able to pass through
// every directory on the way to their state. DATA_DIR is ours and is made
// traversable (not listable); a parent that blocks them (a clone in root's
// 0700 home) is not ours to chmod, so their state then lives in a directory
// the service owns under /var/lib instead.
import { chmodSync, mkdirSync, statSync } from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";

const OTHERS_EXECUTE = 0o001;
/** Where root's instances keep the engines' state (and the mail) when DATA_DIR cannot be reached. */
export const SERVICE_STATE_ROOT = "/var/lib/customer-email-service";

/** The first directory above `dataDir` that others cannot pass through, or null when every one lets them. */
export function blockingParent(dataDir: string): string | null {
  const resolved = path.resolve(dataDir);
  for (let dir = path.dirname(resolved); ; dir = path.dirname(dir)) {
    try {
      if ((statSync(dir).mode & OTHERS_EXECUTE) === 0) return dir;
    } catch {
      // not there yet: created later with a traversable mode
    }
    if (dir === path.dirname(dir)) return null;
  }
}

/** This DATA_DIR's directory under SERVICE_STATE_ROOT (one per DATA_DIR path, so instances never share it). */
export const serviceStateDir = (dataDir: string, serviceRoot = SERVICE_STATE_ROOT) =>
  path.join(serviceRoot, createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 16));

export type StateRoot = {
  /** The directory an engine's files go under (Dovecot's also hold the mail). */
  root: string;
  /** Why it is not DATA_DIR (for the start output), or null when it is. */
  movedBecause: string | null;
};

/** Makes a state root reachable by the engines' users: traversable (not listable) for others, and created when missing. */
export function prepareStateRoot(state: StateRoot): void {
  mkdirSync(state.root, { recursive: true, mode: 0o711 });
  for (const dir of state.movedBecause ? [path.dirname(state.root), state.root] : [state.root]) {
    const mode = statSync(dir).mode;
    if ((mode & OTHERS_EXECUTE) === 0) chmodSync(dir, (mode & 0o7777) | OTHERS_EXECUTE);
  }
}
