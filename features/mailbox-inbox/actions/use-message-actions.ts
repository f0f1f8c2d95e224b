"use client";
// What the reader's buttons and the keyboard do to the open message: flag,
// mark unread, move (into or out of Junk it teaches the spam filter), delete
// to Trash with an undo, and delete for good from Trash after a confirmation.
import { useState } from "react";
import type { MailboxFolder } from "@/shared/schemas/mailbox-folders";
import type { MailboxMessageDetail } from "@/shared/schemas/mailbox-messages";
import { folderOfUse, labelOfName } from "../folders/folder-labels";
import { useDeleteMailboxMessage, useUpdateMailboxMessage } from "../use-mailbox-inbox";

type Message = Pick<MailboxMessageDetail, "id" | "subject" | "folder">;

/** What the page says after a change; `undo` puts the message back. */
export type MailNotice = { text: string; undo?: () => void };

/** A move in words, and whether the spam filter learned from it when it went into or out of Junk. */
export function movedText(subject: string, folderLabel: string, learned: "spam" | "ham" | null, throughJunk: boolean): string {
  const moved = `Moved “${subject}” to ${folderLabel}.`;
  if (!throughJunk) return moved;
  if (learned === "spam") return `${moved} The spam filter learned that it is spam.`;
  if (learned === "ham") return `${moved} The spam filter learned that it is not spam.`;
  return `${moved} The spam filter was not taught: it has no learning backend here, or could not be reached.`;
}

type Options = {
  mailboxId: string;
  folders: MailboxFolder[] | undefined;
  onNotice: (notice: MailNotice) => void;
  /** The message left the open folder, or is to be left unread: close it. */
  onGone: (messageId: string) => void;
};

export function useMessageActions({ mailboxId, folders, onNotice, onGone }: Options) {
  const update = useUpdateMailboxMessage(mailboxId);
  const remove = useDeleteMailboxMessage(mailboxId);
  const [confirming, setConfirming] = useState<Message | null>(null);
  const trash = folderOfUse(folders, "trash");
  const junk = folderOfUse(folders, "junk");
  const archive = folderOfUse(folders, "archive");
  const subjectOf = (message: Message) => message.subject ?? "(no subject)";

  const move = (message: Message, folder: string) =>
    update.mutate(
      { messageId: message.id, folder },
      {
        onSuccess: (moved) => {
          const throughJunk = junk !== null && (folder === junk.name || message.folder === junk.name);
          onNotice({ text: movedText(subjectOf(message), labelOfName(folders, moved.folder), moved.learned, throughJunk) });
          onGone(message.id);
        },
      },
    );

  const deleteForGood = (message: Message) =>
    remove.mutate(message.id, {
      onSuccess: () => {
        setConfirming(null);
        onNotice({ text: `Deleted “${subjectOf(message)}” for good.` });
        onGone(message.id);
      },
    });

  /** To Trash at once (it can come back); from Trash, for good after a confirmation. */
  const requestDelete = (message: Message) => {
    if (trash && message.folder === trash.name) {
      setConfirming(message);
      return;
    }
    remove.mutate(message.id, {
      onSuccess: () => {
        onGone(message.id);
        onNotice({
          text: `Moved “${subjectOf(message)}” to Trash.`,
          undo: () => move({ ...message, folder: trash?.name ?? "Trash" }, message.folder),
        });
      },
    });
  };

  return {
    pending: update.isPending || remove.isPending,
    error: (update.error ?? remove.error)?.message ?? null,
    setFlagged: (message: Message, flagged: boolean) => update.mutate({ messageId: message.id, flagged }),
    markUnread: (message: Message) => update.mutate({ messageId: message.id, seen: false }, { onSuccess: () => onGone(message.id) }),
    move,
    requestDelete,
    /** `e`: to Archive when the mailbox has one, else to Trash like delete. */
    archive: (message: Message) => (archive && message.folder !== archive.name ? move(message, archive.name) : requestDelete(message)),
    confirming,
    cancelDelete: () => setConfirming(null),
    deleteForGood,
    deleteError: remove.error?.message ?? null,
    deleting: remove.isPending,
  };
}

export type MessageActions = ReturnType<typeof useMessageActions>;
