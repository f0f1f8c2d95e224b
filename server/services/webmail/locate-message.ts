import type { ImapFlow } from "imapflow";
import { uidsWithGuid } from "@/server/mail-store/dovecot/dovecot-message-extras";
import { notFound } from "@/server/errors";
import type { MailboxFolder } from "@/shared/schemas/mailbox-folders";
import { listFolders } from "./folders";
import { guidOfMessageId } from "./message-ids";

export type LocatedMessage = { folder: MailboxFolder; uid: number };

/**
 * Finds the message an id names and leaves its folder open (read-write):
 * Dovecot searches each folder by GUID, INBOX first, then the others by name.
 * An unknown id, or one of another mailbox, is 404.
 */
export async function locateMessage(client: ImapFlow, messageId: string): Promise<LocatedMessage> {
  const guid = guidOfMessageId(messageId);
  if (!guid) throw notFound("Message");
  const folders = (await listFolders(client)).sort((a, b) => Number(b.specialUse === "inbox") - Number(a.specialUse === "inbox"));
  for (const folder of folders) {
    if (folder.total === 0) continue;
    await client.mailboxOpen(folder.name);
    const [uid] = await uidsWithGuid(client, guid);
    if (uid) return { folder, uid };
  }
  throw notFound("Message");
}
