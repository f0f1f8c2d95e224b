// Run as root, Dovecot works as unprivileged users (docs/mailboxes.md,
// "Where mail is stored"): they must be able to pass through every directory
// on the way to its state and the mail. DATA_DIR is ours and is made
// traversable (not listable); a parent that blocks them (a clone in root's
// 0700 home) is not ours to chmod, so Dovecot's state and the mail then live
// in a directory the service owns under /var/lib instead.
import { chmodSync, existsSync, mkdirSync, statSync } from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";

const OTHERS_EXECUTE = 0o001;
/** Where root's instances keep Dovecot's state and mail when DATA_DIR cannot be reached. */
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

export type MailStateRoot = {
  /** Holds `dovecot/` (configuration, base and state dirs) and `mail/`. */
  root: string;
  /** Why it is not DATA_DIR (for the start output), or null when it is. */
  movedBecause: string | null;
};

/**
 * Where Dovecot's files and the mail live: DATA_DIR, unless Dovecot runs as
 * other users (the service runs as root) and a parent of DATA_DIR blocks them.
 * Once mail is kept under /var/lib it stays there (a later chmod of the parent
 * must not hide the mail that is already stored).
 */
export function mailStateRoot(dataDir: string, asRoot = process.getuid?.() === 0, serviceRoot = SERVICE_STATE_ROOT): MailStateRoot {
  if (!asRoot) return { root: path.resolve(dataDir), movedBecause: null };
  const moved = serviceStateDir(dataDir, serviceRoot);
  const blocking = blockingParent(dataDir);
  if (blocking) {
    return { root: moved, movedBecause: `Dovecot's users cannot pass through ${blocking} (not traversable by others)` };
  }
  if (existsSync(path.join(moved, "mail"))) return { root: moved, movedBecause: "mail for this DATA_DIR is already stored there" };
  return { root: path.resolve(dataDir), movedBecause: null };
}

/** Makes the state root reachable by Dovecot's users: traversable (not listable) for others, and created when missing. */
export function prepareMailStateRoot(state: MailStateRoot): void {
  mkdirSync(state.root, { recursive: true, mode: 0o711 });
  for (const dir of state.movedBecause ? [path.dirname(state.root), state.root] : [state.root]) {
    const mode = statSync(dir).mode;
    if ((mode & OTHERS_EXECUTE) === 0) chmodSync(dir, (mode & 0o7777) | OTHERS_EXECUTE);
  }
}
