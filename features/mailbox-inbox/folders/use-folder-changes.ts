"use client";
// Creating, renaming and deleting a mailbox's own folders (the special ones
// answer 409 folder_protected: docs/webmail.md, "Folders").
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { portalFetch } from "@/features/api/portal-fetch";
import { createMailboxFolder, deleteMailboxFolder, renameMailboxFolder } from "@/shared/api/endpoint-refs";
import { mailboxKeys } from "../use-mailbox-inbox";

function useFolderMutation<Input, Result>(mailboxId: string, call: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Marked stale, not fetched again here: the caller goes to the folder it made or renamed (or to the Inbox), whose
    // view reads afresh, and the folder left behind may no longer exist. The storage used on /mailboxes follows too.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: mailboxKeys.all(mailboxId), refetchType: "none" }),
  });
}

export const useCreateFolder = (mailboxId: string) =>
  useFolderMutation(mailboxId, (name: string) => portalFetch(createMailboxFolder, { params: { mailbox_id: mailboxId }, body: { name } }));

export const useRenameFolder = (mailboxId: string) =>
  useFolderMutation(mailboxId, ({ folder, name }: { folder: string; name: string }) =>
    portalFetch(renameMailboxFolder, { params: { mailbox_id: mailboxId, folder }, body: { name } }),
  );

export const useDeleteFolder = (mailboxId: string) =>
  useFolderMutation(mailboxId, (folder: string) => portalFetch(deleteMailboxFolder, { params: { mailbox_id: mailboxId, folder } }));
