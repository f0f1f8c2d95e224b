"use client";
// Which folder the reader shows (GET /mailboxes/{id}/folders): Inbox, Junk,
// Sent, ... with how many unread messages each holds.
import { useId } from "react";
import { inputClass } from "@/components/form-field";
import type { MailboxFolder } from "@/shared/schemas/mailbox-folders";

const label = (folder: MailboxFolder) =>
  `${folder.specialUse === "inbox" ? "Inbox" : folder.name}${folder.unseen > 0 ? ` (${folder.unseen} unread)` : ""}`;

type FolderPickerProps = { folders: MailboxFolder[]; folder: string; onChange: (folder: string) => void };

export function FolderPicker({ folders, folder, onChange }: FolderPickerProps) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <label htmlFor={id} className="font-medium text-zinc-800 dark:text-zinc-200">
        Folder
      </label>
      <div className="w-full sm:w-72">
        <select id={id} value={folder} onChange={(event) => onChange(event.target.value)} className={inputClass}>
          {folders.map((entry) => (
            <option key={entry.name} value={entry.name}>
              {label(entry)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
