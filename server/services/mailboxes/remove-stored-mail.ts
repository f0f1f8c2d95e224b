// The mail of deleted mailboxes. Dovecot keeps a mailbox's mail under its
// address (mail_home = <mail root>/<domain>/<local part>), so mail left behind
// would greet whoever creates that address next. With the child Dovecot
// (DOVECOT=auto) the files are ours to remove; an operator's Dovecot
// (DOVECOT=external) removes them itself (docs/mailboxes.md).
import { rm } from "node:fs/promises";
import path from "node:path";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { dovecotLayout } from "@/server/mail/dovecot/dovecot-config";
import { isMailboxAddress } from "@/shared/schemas/mailboxes";

export async function removeStoredMail(addresses: string[]): Promise<void> {
  const { mailStore, dataDir } = env();
  if (mailStore.mode !== "auto") return;
  const root = dovecotLayout(dataDir).mailRoot;
  for (const address of addresses) {
    // Stored addresses are plain (letters, digits, `.`, `_`, `-`; no `/` and never `..`): checked again before touching the disk.
    if (!isMailboxAddress(address)) continue;
    const at = address.lastIndexOf("@");
    const home = path.join(root, address.slice(at + 1), address.slice(0, at));
    if (path.dirname(path.dirname(home)) !== root) continue;
    await rm(home, { recursive: true, force: true }).catch((error: unknown) =>
      logger().warn({ err: error, address }, "could not remove a deleted mailbox's mail"),
    );
  }
}
