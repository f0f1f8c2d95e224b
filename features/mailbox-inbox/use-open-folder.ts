"use client";
// What the mail view shows of the open folder: its entry and its name, its
// rows (conversations; drafts one by one), the open message and the rest of
// that message's conversation.
import type { MailboxFolder } from "@/shared/schemas/mailbox-folders";
import { folderLabel } from "./folders/folder-labels";
import { singleRows, threadRows } from "./message-list/threads";
import { useMailboxMessage, type useMailboxMessages } from "./use-mailbox-inbox";

type OpenFolderOptions = {
  mailboxId: string;
  folder: string;
  folders: MailboxFolder[] | undefined;
  messages: ReturnType<typeof useMailboxMessages>;
  /** The open message's id. */
  reading: string | null;
};

export function useOpenFolder({ mailboxId, folder, folders, messages, reading }: OpenFolderOptions) {
  const current = folders?.find((entry) => entry.name === folder) ?? null;
  const label = current ? folderLabel(current) : folder === "INBOX" ? "Inbox" : folder;
  const items = messages.data?.pages.flatMap((page) => page.items) ?? [];
  // A hit of an all-folders search is opened where it was found.
  const listed = items.find((item) => item.id === reading);
  const message = useMailboxMessage(mailboxId, reading, {
    listedIn: listed?.folder ?? folder,
    uid: listed?.uid,
    liveDelivery: current?.specialUse === "sent",
  });
  // Drafts are not conversations: each is its own row.
  const rows = current?.specialUse === "drafts" ? singleRows(items) : threadRows(items);
  const conversation = rows.find((row) => row.messages.some((item) => item.id === reading))?.messages ?? [];
  return { current, label, rows, message, conversation };
}
