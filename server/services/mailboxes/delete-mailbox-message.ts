import { notFound } from "@/server/errors";
import { withMailboxInbox } from "@/server/mail-store/dovecot/mailbox-reader";
import { parseMailboxMessageId } from "./mailbox-message-view";
import { getOwnMailboxOrThrow } from "./own-mailbox";

/** Deletes for good (flag and expunge); Dovecot's quota accounting then lowers the storage used. */
export async function deleteMailboxMessage(accountId: string, mailboxId: string, messageId: string): Promise<null> {
  const mailbox = await getOwnMailboxOrThrow(accountId, mailboxId);
  return withMailboxInbox(mailbox.address, async (client) => {
    const uid = parseMailboxMessageId(messageId, client.mailbox ? client.mailbox.uidValidity : 0n);
    const found = await client.fetchOne(String(uid), { uid: true }, { uid: true });
    if (!found) throw notFound("Message");
    await client.messageDelete(String(uid), { uid: true });
    return null;
  });
}
