import { withMailboxSession } from "@/server/mail-store/dovecot/mailbox-reader";
import { specialFolderOrThrow } from "@/server/services/webmail/folders";
import { locateMessage } from "@/server/services/webmail/locate-message";
import { getOwnMailboxOrThrow } from "@/server/services/mailboxes/own-mailbox";

/**
 * Moves the message to Trash, as a mail client does; from Trash it is deleted
 * for good (flag and expunge), and Dovecot's quota accounting then lowers the storage used.
 */
export async function deleteMailboxMessage(accountId: string, mailboxId: string, messageId: string): Promise<null> {
  const mailbox = await getOwnMailboxOrThrow(accountId, mailboxId);
  return withMailboxSession(mailbox, async (client) => {
    const { folder, uid } = await locateMessage(client, messageId);
    if (folder.specialUse === "trash") await client.messageDelete(String(uid), { uid: true });
    else await client.messageMove(String(uid), (await specialFolderOrThrow(client, "trash")).name, { uid: true });
    return null;
  });
}
