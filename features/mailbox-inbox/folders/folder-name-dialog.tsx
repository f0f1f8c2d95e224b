"use client";
// One name field in a dialog, for a new folder and for renaming one. The
// form (folder-name-form.tsx) loads the first time a dialog opens.
import { Dialog } from "@/components/dialog";
import { onDemand } from "@/components/on-demand";

export type FolderNameDialogProps = {
  open: boolean;
  title: string;
  initialName: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<unknown>;
  onDone: (name: string) => void;
  onClose: () => void;
};

const FolderNameForm = onDemand(() => import("./folder-name-form").then((module) => module.FolderNameForm));

export function FolderNameDialog({ open, title, onClose, ...form }: FolderNameDialogProps) {
  return (
    <Dialog open={open} title={title} description="Use / to put it inside another folder (Projects/2026)." onClose={onClose}>
      <FolderNameForm {...form} onClose={onClose} />
    </Dialog>
  );
}
