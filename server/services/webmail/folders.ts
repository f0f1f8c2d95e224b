// A mailbox's folders as the webmail shows them (docs/webmail.md, "Folders"):
// Dovecot's LIST with STATUS, special folders by their IMAP special-use flag.
import type { ImapFlow } from "imapflow";
import { imapRefusalOf } from "@/server/mail-store/dovecot/imap-refusal";
import { openFolder } from "@/server/mail-store/dovecot/open-folder";
import { AppError, notFound } from "@/server/errors";
import type { MailboxFolder, SpecialUse } from "@/shared/schemas/mailbox-folders";

/** What a message needs to know of its folder: no counts. */
export type FolderUse = Pick<MailboxFolder, "name" | "specialUse">;

/** By the flag in lower case: IMAP flags are case-insensitive. */
const specialUseByFlag: Record<string, SpecialUse> = {
  "\\inbox": "inbox",
  "\\drafts": "drafts",
  "\\sent": "sent",
  "\\junk": "junk",
  "\\trash": "trash",
  "\\archive": "archive",
};

/**
 * From the flag the server lists the folder with (never guessed from its name, as imapflow's own
 * `specialUse` may be); INBOX is special by name.
 */
export function specialUseOf(folder: { path: string; flags: Set<string> }): SpecialUse | null {
  if (folder.path.toUpperCase() === "INBOX") return "inbox";
  for (const flag of folder.flags) {
    const use = specialUseByFlag[flag.toLowerCase()];
    if (use) return use;
  }
  return null;
}

/** The folders that can be opened (not the bare parents of nested names), with counts. */
export async function listFolders(client: ImapFlow): Promise<MailboxFolder[]> {
  const folders = await client.list({ statusQuery: { messages: true, unseen: true } });
  return folders
    .filter((folder) => !folder.flags.has("\\Noselect") && !folder.flags.has("\\NonExistent"))
    .map((folder) => ({
      name: folder.path,
      specialUse: specialUseOf(folder),
      total: folder.status?.messages ?? 0,
      unseen: folder.status?.unseen ?? 0,
    }));
}

/** The folder of that exact name, or 404. */
export async function folderOrThrow(client: ImapFlow, name: string): Promise<MailboxFolder> {
  const folder = (await listFolders(client)).find(
    (entry) => entry.name === name || (entry.specialUse === "inbox" && name.toUpperCase() === "INBOX"),
  );
  if (!folder) throw notFound("Folder");
  return folder;
}

/**
 * Opens the folder of that exact name (INBOX in any case) by itself, without listing the others or
 * counting anything (docs/webmail.md, "Latency"); 404 when there is none or it cannot be opened.
 */
export async function openFolderOrThrow(client: ImapFlow, name: string, options: { readOnly: boolean }) {
  const opened = await openFolder(client, name, options);
  if (!opened) throw notFound("Folder");
  return { folder: { name: opened.path, specialUse: specialUseOf(opened) } satisfies FolderUse, ...opened };
}

/** The folder with this special use (Trash, Sent, ...), or 404 when the mailbox has none. */
export async function specialFolderOrThrow(client: ImapFlow, use: SpecialUse): Promise<MailboxFolder> {
  const folder = (await listFolders(client)).find((entry) => entry.specialUse === use);
  if (!folder) throw notFound("Folder");
  return folder;
}

const protectedFolder = (name: string) =>
  new AppError(
    "folder_protected",
    `${name} is a special folder (Inbox, Drafts, Sent, Junk, Trash, Archive): it cannot be renamed or deleted.`,
  );

const folderExists = (name: string) => new AppError("conflict", `A folder named ${name} already exists.`);

/** A name the mail storage refuses (rules of its own beyond the schema's) is a 400 on the name, not a 500. */
function nameRefusedOr(error: unknown): unknown {
  const refusal = imapRefusalOf(error);
  if (!refusal || (refusal.code !== "CANNOT" && !/invalid mailbox name/i.test(refusal.text))) return error;
  const reason = refusal.text.replace(/^\[[^\]]*\]\s*/, "") || "the mail storage does not allow this name";
  return new AppError("validation_error", "The folder name is not allowed.", {
    errors: [{ path: "name", message: `Not allowed as a folder name: ${reason}` }],
  });
}

export async function createFolder(client: ImapFlow, name: string): Promise<MailboxFolder> {
  const existing = await listFolders(client);
  if (existing.some((folder) => folder.name.toLowerCase() === name.toLowerCase())) throw folderExists(name);
  await client.mailboxCreate(name).catch((error: unknown) => Promise.reject(nameRefusedOr(error)));
  await client.mailboxSubscribe(name);
  return { name, specialUse: null, total: 0, unseen: 0 };
}

export async function renameFolder(client: ImapFlow, from: string, to: string): Promise<MailboxFolder> {
  const folder = await folderOrThrow(client, from);
  if (folder.specialUse) throw protectedFolder(folder.name);
  if (to === folder.name) return folder;
  const existing = await listFolders(client);
  if (existing.some((entry) => entry.name.toLowerCase() === to.toLowerCase() && entry.name !== folder.name)) throw folderExists(to);
  await client.mailboxRename(folder.name, to).catch((error: unknown) => Promise.reject(nameRefusedOr(error)));
  await client.mailboxSubscribe(to);
  return { ...folder, name: to };
}

/** Deletes the folder and the messages in it. */
export async function deleteFolder(client: ImapFlow, name: string): Promise<null> {
  const folder = await folderOrThrow(client, name);
  if (folder.specialUse) throw protectedFolder(folder.name);
  await client.mailboxDelete(folder.name);
  return null;
}
