import type { ImapFlow } from "imapflow";
import { uidsWithGuid } from "@/server/mail-store/dovecot/dovecot-message-extras";
import { openFolder } from "@/server/mail-store/dovecot/open-folder";
import { notFound } from "@/server/errors";
import { type FolderUse, listFolders, specialUseOf } from "./folders";
import { guidOfMessageId } from "./message-ids";

export type LocatedMessage = { folder: FolderUse; uid: number };

/** The message's UID in this folder, opened read-write, or null when it is not there (or the folder is gone). */
async function uidIn(client: ImapFlow, name: string, guid: string): Promise<{ folder: FolderUse; uid: number } | null> {
  const opened = await openFolder(client, name, { readOnly: false });
  if (!opened || opened.exists === 0) return null;
  const [uid] = await uidsWithGuid(client, guid);
  return uid ? { folder: { name: opened.path, specialUse: specialUseOf(opened) }, uid } : null;
}

/**
 * Finds the message an id names and leaves its folder open (read-write): Dovecot searches by GUID the
 * folder named first (where the caller saw it), then INBOX, and only then lists the other folders with
 * their counts and searches the non-empty ones (docs/webmail.md, "Message ids"). An unknown id, or one
 * of another mailbox, is 404.
 */
export async function locateMessage(client: ImapFlow, messageId: string, lookFirstIn?: string): Promise<LocatedMessage> {
  const guid = guidOfMessageId(messageId);
  if (!guid) throw notFound("Message");
  const first = [...new Set([lookFirstIn, "INBOX"].filter((name): name is string => name !== undefined))];
  for (const name of first) {
    const found = await uidIn(client, name, guid);
    if (found) return found;
  }
  const searched = new Set(first.map((name) => (name.toUpperCase() === "INBOX" ? "INBOX" : name)));
  for (const folder of await listFolders(client)) {
    if (folder.total === 0 || searched.has(folder.specialUse === "inbox" ? "INBOX" : folder.name)) continue;
    await client.mailboxOpen(folder.name);
    const [uid] = await uidsWithGuid(client, guid);
    if (uid) return { folder: { name: folder.name, specialUse: folder.specialUse }, uid };
  }
  throw notFound("Message");
}
