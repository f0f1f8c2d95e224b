// Deleting a message that is already in Trash asks first: it removes the
// message from the mailbox for good.
import { ConfirmDialog } from "@/components/confirm-dialog";
import type { MessageActions } from "./use-message-actions";

export function DeleteForGoodDialog({ actions }: { actions: MessageActions }) {
  return (
    <ConfirmDialog
      open={actions.confirming !== null}
      title={`Delete “${actions.confirming?.subject ?? "(no subject)"}” for good?`}
      confirmLabel="Delete for good"
      pending={actions.deleting}
      error={actions.deleteError}
      onCancel={actions.cancelDelete}
      onConfirm={() => actions.confirming && actions.deleteForGood(actions.confirming)}
    >
      It is in Trash: deleting it here removes it from the mailbox, for every mail app too.
    </ConfirmDialog>
  );
}
