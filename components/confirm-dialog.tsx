"use client";

import { Alert } from "./alert";
import { Button } from "./button";
import { Dialog, DialogActions } from "./dialog";

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children: React.ReactNode;
  confirmLabel: string;
  pending?: boolean;
  /** Why the last attempt failed, shown inside the dialog. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A yes/no question about a destructive action, on the shared Dialog. */
export function ConfirmDialog({ open, title, children, confirmLabel, pending = false, error, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog open={open} title={title} description={children} onClose={onCancel} busy={pending}>
      {error ? <Alert>{error}</Alert> : null}
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={pending} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} pending={pending}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
