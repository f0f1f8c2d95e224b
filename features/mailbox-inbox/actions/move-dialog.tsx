"use client";
// "Move…": the folders a message can go to, one button each.
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { Dialog, DialogActions } from "@/components/dialog";
import type { MailboxFolder } from "@/shared/schemas/mailbox-folders";
import { FolderIcon } from "../folders/folder-icon";
import { folderLabel, sortFolders } from "../folders/folder-labels";

type MoveDialogProps = {
  open: boolean;
  subject: string;
  folders: MailboxFolder[];
  current: string;
  pending: boolean;
  error: string | null;
  onMove: (folder: string) => void;
  onClose: () => void;
};

export function MoveDialog({ open, subject, folders, current, pending, error, onMove, onClose }: MoveDialogProps) {
  return (
    <Dialog open={open} title={`Move “${subject}”`} description="Pick the folder it goes to." onClose={onClose} busy={pending}>
      {error ? <Alert>{error}</Alert> : null}
      <ul aria-label="Folders to move to" className="max-h-80 space-y-1 overflow-y-auto">
        {sortFolders(folders)
          .filter((folder) => folder.name !== current)
          .map((folder) => (
            <li key={folder.name}>
              <button
                type="button"
                disabled={pending}
                onClick={() => onMove(folder.name)}
                className="flex w-full min-w-0 items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-zinc-800 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-60 dark:text-zinc-200 dark:hover:bg-zinc-800"
              >
                <FolderIcon use={folder.specialUse} />
                <span className="truncate">{folder.specialUse ? folderLabel(folder) : folder.name}</span>
              </button>
            </li>
          ))}
      </ul>
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  );
}
