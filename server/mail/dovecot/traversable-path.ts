// Run as root, Dovecot works as unprivileged users (docs/mailboxes.md,
// "Dovecot"): they must be able to pass through every directory on the way to
// DATA_DIR/dovecot and DATA_DIR/mail. DATA_DIR is ours and is made
// traversable (not listable); a parent that blocks them is the operator's to
// change, so it is named instead of silently chmod-ed.
import { chmodSync, statSync } from "node:fs";
import path from "node:path";

const OTHERS_EXECUTE = 0o001;

export class UnreachableDataDirError extends Error {}

export function makeDataDirTraversable(dataDir: string): void {
  const resolved = path.resolve(dataDir);
  const mode = statSync(resolved).mode;
  if ((mode & OTHERS_EXECUTE) === 0) chmodSync(resolved, (mode & 0o7777) | OTHERS_EXECUTE);
  for (let dir = path.dirname(resolved); ; dir = path.dirname(dir)) {
    if ((statSync(dir).mode & OTHERS_EXECUTE) === 0) {
      throw new UnreachableDataDirError(
        `Dovecot's users cannot reach DATA_DIR: ${dir} is not traversable by others (chmod o+x ${dir}, or put DATA_DIR elsewhere)`,
      );
    }
    if (dir === path.dirname(dir)) return;
  }
}
