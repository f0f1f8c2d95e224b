// Removes a deleted mailbox's mail: the home Dovecot gives it,
// <state root>/mail/<domain>/<local part> (`mail_home` in dovecot-config.ts;
// the state root is DATA_DIR, or its directory under /var/lib: traversable-path.ts),
// with its mail (single-dbox or Maildir) and Dovecot's indexes. Called after the mailbox row is
// gone, so no login or delivery can recreate it. With an operator's Dovecot
// (DOVECOT=external) nothing is stored here and the operator removes it
// (`doveadm` or the file system).
import { rm, stat } from "node:fs/promises";
import path from "node:path";
import { env } from "@/server/config/env";
import { isMailboxAddress } from "@/shared/schemas/mailboxes";
import { dovecotLayout } from "./dovecot-config";
import { mailStateRoot } from "./traversable-path";

const DOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** The directory of the mailbox's mail, or null when the address cannot name one (nothing to remove). */
export function mailboxStorageDir(address: string, dataDir: string = env().dataDir): string | null {
  const normalized = address.trim().toLowerCase();
  const at = normalized.lastIndexOf("@");
  const local = normalized.slice(0, at);
  const domain = normalized.slice(at + 1);
  // The API's address rule (no `/`, never `..`), checked again before touching the disk.
  if (!isMailboxAddress(normalized) || !DOMAIN.test(domain)) return null;
  const root = path.resolve(dovecotLayout(mailStateRoot(dataDir).root).mailRoot);
  const dir = path.resolve(root, domain, local);
  return dir.startsWith(`${root}${path.sep}`) ? dir : null;
}

/** Removes the mailbox's stored mail; true when there was some. */
export async function removeMailboxStorage(address: string, options: { dataDir?: string } = {}): Promise<boolean> {
  const dir = mailboxStorageDir(address, options.dataDir);
  if (!dir) return false;
  // The path is the mailbox's, known only at run time: not a file for `next build` to trace (it would trace the whole project).
  const found = await stat(/*turbopackIgnore: true*/ dir).then(
    () => true,
    () => false,
  );
  // Dovecot's indexer may still be writing the full-text index of the last delivery: a file created while the
  // directory is emptied makes its removal fail (ENOTEMPTY), so it is retried, 100 ms longer each time (4.5 s in all).
  if (found) await rm(/*turbopackIgnore: true*/ dir, { recursive: true, force: true, maxRetries: 9, retryDelay: 100 });
  return found;
}
