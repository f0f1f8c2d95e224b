import type { ImapFlow } from "imapflow";
import { fetchMessageExtras } from "@/server/mail-store/dovecot/dovecot-message-extras";
import type { SpecialUse } from "@/shared/schemas/mailbox-folders";
import { specialFolderOrThrow } from "./folders";
import { mailboxMessageId } from "./message-ids";

/**
 * Stores a message in the mailbox's special folder (Sent, Drafts) with these flags, as a mail client does (IMAP
 * APPEND); answers its message id, or null when Dovecot did not say which UID it took.
 */
export async function appendToSpecialFolder(client: ImapFlow, use: SpecialUse, raw: Buffer, flags: string[]): Promise<string | null> {
  const folder = await specialFolderOrThrow(client, use);
  const appended = (await client.append(folder.name, raw, flags)) || null;
  if (!appended?.uid) return null;
  await client.mailboxOpen(folder.name, { readOnly: true });
  const guid = (await fetchMessageExtras(client, [appended.uid])).get(appended.uid)?.guid;
  return guid ? mailboxMessageId(guid) : null;
}
