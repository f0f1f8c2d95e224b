"use client";
// Rename or delete the open folder, when it is one of the mailbox's own (the
// special folders are the server's: it refuses with 409 folder_protected).
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import type { MailboxFolder } from "@/shared/schemas/mailbox-folders";
import { FolderNameDialog } from "./folder-name-dialog";
import { mailHref } from "../mail-href";
import { useDeleteFolder, useRenameFolder } from "./use-folder-changes";

export function FolderActions({ mailboxId, folder }: { mailboxId: string; folder: MailboxFolder }) {
  const router = useRouter();
  const rename = useRenameFolder(mailboxId);
  const remove = useDeleteFolder(mailboxId);
  const [open, setOpen] = useState<"rename" | "delete" | null>(null);
  const holds =
    folder.total === 0
      ? "It holds no messages."
      : `Its ${folder.total === 1 ? "message is" : `${folder.total} messages are`} deleted with it, for every mail app too. Move what you want to keep to another folder first.`;
  return (
    <div className="flex gap-1">
      <Button variant="ghost" size="sm" onClick={() => setOpen("rename")}>
        Rename<span className="sr-only"> folder {folder.name}</span>
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setOpen("delete")}>
        Delete<span className="sr-only"> folder {folder.name}</span>
      </Button>
      <FolderNameDialog
        open={open === "rename"}
        title={`Rename “${folder.name}”`}
        initialName={folder.name}
        submitLabel="Rename folder"
        onSubmit={(name) => rename.mutateAsync({ folder: folder.name, name })}
        onDone={(name) => {
          setOpen(null);
          router.push(mailHref(mailboxId, { folder: name }));
        }}
        onClose={() => setOpen(null)}
      />
      <ConfirmDialog
        open={open === "delete"}
        title={`Delete the folder “${folder.name}”?`}
        confirmLabel="Delete folder"
        pending={remove.isPending}
        error={remove.error?.message ?? null}
        onCancel={() => setOpen(null)}
        // Awaited rather than a callback of mutate, which would not run once this folder's view has gone.
        onConfirm={() =>
          void remove.mutateAsync(folder.name).then(
            () => router.push(mailHref(mailboxId, { folder: "INBOX" })),
            () => undefined, // shown in the dialog (remove.error)
          )
        }
      >
        {holds}
      </ConfirmDialog>
    </div>
  );
}
