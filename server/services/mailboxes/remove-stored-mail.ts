// The mail of deleted mailboxes. Dovecot keeps a mailbox's mail under its
// address, so mail left behind would greet whoever creates that address next.
// With the child Dovecot (DOVECOT=auto) the files are ours to remove; an
// operator's Dovecot (DOVECOT=external) removes them itself (docs/mailboxes.md).
import { env } from "@/server/config/env";
import { logger } from "@/server/logger";
import { closeMailboxSessions } from "@/server/mail-store/dovecot/mailbox-reader";
import { removeMailboxStorage } from "@/server/mail-store/dovecot/remove-mailbox-storage";

export async function removeStoredMail(addresses: string[]): Promise<void> {
  // The webmail's open sessions first: none of them may write into the directory after it is gone.
  for (const address of addresses) await closeMailboxSessions(address);
  if (env().mailStore.mode !== "auto") return;
  for (const address of addresses) {
    await removeMailboxStorage(address).catch((error: unknown) =>
      logger().warn({ err: error, address }, "could not remove a deleted mailbox's mail"),
    );
  }
}
