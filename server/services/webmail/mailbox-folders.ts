import { withMailboxSession } from "@/server/mail-store/dovecot/mailbox-reader";
import { getOwnMailboxOrThrow } from "@/server/services/mailboxes/own-mailbox";
import { createFolder, deleteFolder, listFolders, renameFolder } from "./folders";

// The folder endpoints: the account's own mailbox (else 404), then one IMAP session.

export async function listMailboxFolders(accountId: string, mailboxId: string) {
  const mailbox = await getOwnMailboxOrThrow(accountId, mailboxId);
  return withMailboxSession(mailbox, listFolders);
}

export async function createMailboxFolder(accountId: string, mailboxId: string, name: string) {
  const mailbox = await getOwnMailboxOrThrow(accountId, mailboxId);
  return withMailboxSession(mailbox, (client) => createFolder(client, name));
}

export async function renameMailboxFolder(accountId: string, mailboxId: string, folder: string, name: string) {
  const mailbox = await getOwnMailboxOrThrow(accountId, mailboxId);
  return withMailboxSession(mailbox, (client) => renameFolder(client, folder, name));
}

export async function deleteMailboxFolder(accountId: string, mailboxId: string, folder: string) {
  const mailbox = await getOwnMailboxOrThrow(accountId, mailboxId);
  return withMailboxSession(mailbox, (client) => deleteFolder(client, folder));
}
