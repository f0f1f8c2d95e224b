// Where Dovecot's state and the mail live (docs/mail-storage.md, "Where mail is
// stored"): DATA_DIR, or this DATA_DIR's directory under /var/lib when Dovecot's
// users cannot pass through a parent (server/engines/state-dir.ts).
import { existsSync } from "node:fs";
import path from "node:path";
import { blockingParent, SERVICE_STATE_ROOT, serviceStateDir, type StateRoot } from "@/server/engines/state-dir";

/**
 * Where Dovecot's files and the mail live (`root` holds `dovecot/`: configuration, base and state dirs, and `mail/`): DATA_DIR, unless Dovecot runs as
 * other users (the service runs as root) and a parent of DATA_DIR blocks them.
 * Once mail is kept under /var/lib it stays there (a later chmod of the parent
 * must not hide the mail that is already stored).
 */
export function mailStateRoot(dataDir: string, asRoot = process.getuid?.() === 0, serviceRoot = SERVICE_STATE_ROOT): StateRoot {
  if (!asRoot) return { root: path.resolve(dataDir), movedBecause: null };
  const moved = serviceStateDir(dataDir, serviceRoot);
  const blocking = blockingParent(dataDir);
  if (blocking) {
    return { root: moved, movedBecause: `Dovecot's users cannot pass through ${blocking} (not traversable by others)` };
  }
  if (existsSync(path.join(moved, "mail"))) return { root: moved, movedBecause: "mail for this DATA_DIR is already stored there" };
  return { root: path.resolve(dataDir), movedBecause: null };
}
