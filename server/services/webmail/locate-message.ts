import type { ImapFlow } from "imapflow";
import { guidAtUid, uidsWithGuid } from "@/server/mail-store/dovecot/dovecot-message-extras";
import { openFolder } from "@/server/mail-store/dovecot/open-folder";
import { notFound } from "@/server/errors";
import { type FolderUse, listFolders, specialUseOf } from "./folders";
import { guidOfMessageId } from "./message-ids";

export type LocatedMessage = { folder: FolderUse; uid: number };

/** INBOX is one folder whatever its case (IMAP); other names are exact. */
const inboxAnyCase = (name: string) => (name.toUpperCase() === "INBOX" ? "INBOX" : name);

/** Where the caller saw the message: its folder, and its UID there when the caller has it. */
export type SeenAt = { folder?: string; uid?: number };

/**
 * The message's UID in this folder, opened read-write, or null when it is not there (or the folder is gone):
 * at `seenAtUid` when that still holds its GUID (one fetch), else by Dovecot's search for the GUID.
 */
async function uidIn(client: ImapFlow, name: string, guid: string, seenAtUid?: number): Promise<LocatedMessage | null> {
  const opened = await openFolder(client, name, { readOnly: false });
  if (!opened || opened.exists === 0) return null;
  const atSeenUid = seenAtUid !== undefined && (await guidAtUid(client, seenAtUid)) === guid;
  const [uid] = atSeenUid ? [seenAtUid] : await uidsWithGuid(client, guid);
  return uid ? { folder: { name: opened.path, specialUse: specialUseOf(opened) }, uid } : null;
}

/**
 * Finds the message an id names and leaves its folder open (read-write): at the UID the caller saw it at,
 * when that still holds its GUID; else Dovecot searches by GUID the folder named first (where the caller
 * saw it), then INBOX, and only then lists the other folders with their counts and searches the non-empty
 * ones (docs/webmail.md, "Message ids"). An unknown id, or one of another mailbox, is 404.
 */
export async function locateMessage(client: ImapFlow, messageId: string, seenAt: SeenAt = {}): Promise<LocatedMessage> {
  const guid = guidOfMessageId(messageId);
  if (!guid) throw notFound("Message");
  const seenIn = seenAt.folder === undefined ? undefined : inboxAnyCase(seenAt.folder);
  const searched = new Set([seenIn, "INBOX"].flatMap((name) => (name === undefined ? [] : [name])));
  for (const name of searched) {
    const found = await uidIn(client, name, guid, name === seenIn ? seenAt.uid : undefined);
    if (found) return found;
  }
  for (const folder of await listFolders(client)) {
    if (folder.total === 0 || searched.has(inboxAnyCase(folder.name))) continue;
    await client.mailboxOpen(folder.name);
    const [uid] = await uidsWithGuid(client, guid);
    if (uid) return { folder: { name: folder.name, specialUse: folder.specialUse }, uid };
  }
  throw notFound("Message");
}
