// How folders are named and ordered in the portal: the special folders first
// (by their IMAP special-use flag, whatever the server calls them), in the
// order mail apps use, then the mailbox's own folders by name.
import type { MailboxFolder, SpecialUse } from "@/shared/schemas/mailbox-folders";

const specialLabels: Record<SpecialUse, string> = {
  inbox: "Inbox",
  drafts: "Drafts",
  sent: "Sent",
  archive: "Archive",
  junk: "Junk",
  trash: "Trash",
};
const specialOrder: SpecialUse[] = ["inbox", "drafts", "sent", "archive", "junk", "trash"];

/** A special folder by its use; a nested folder by its last level (the list indents it). */
export function folderLabel(folder: Pick<MailboxFolder, "name" | "specialUse">): string {
  if (folder.specialUse) return specialLabels[folder.specialUse];
  return folder.name.split("/").at(-1) ?? folder.name;
}

/** How deep a folder sits (`Projects/2026` is 1). */
export const folderDepth = (folder: Pick<MailboxFolder, "name" | "specialUse">) =>
  folder.specialUse ? 0 : folder.name.split("/").length - 1;

export function sortFolders<Folder extends Pick<MailboxFolder, "name" | "specialUse">>(folders: readonly Folder[]): Folder[] {
  const rank = (folder: Folder) => (folder.specialUse ? specialOrder.indexOf(folder.specialUse) : specialOrder.length);
  return [...folders].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

/** The folder the list shows by name; the label of an unknown one is its name. */
export function labelOfName(folders: readonly MailboxFolder[] | undefined, name: string): string {
  const folder = folders?.find((entry) => entry.name === name);
  return folder ? folderLabel(folder) : name === "INBOX" ? "Inbox" : name;
}

export const folderOfUse = (folders: readonly MailboxFolder[] | undefined, use: SpecialUse) =>
  folders?.find((folder) => folder.specialUse === use) ?? null;
