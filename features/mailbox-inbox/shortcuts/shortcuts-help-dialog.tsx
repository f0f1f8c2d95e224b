"use client";
// "?": what each key does in the mail view.
import { Button } from "@/components/button";
import { Dialog, DialogActions } from "@/components/dialog";
import { mailShortcuts } from "./mail-shortcuts";

export function ShortcutsHelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      title="Keyboard shortcuts"
      description="Off while you type in a field. In the message editor, Ctrl+Enter (⌘+Enter) sends."
      onClose={onClose}
    >
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        {mailShortcuts.map((shortcut) => (
          <div key={shortcut.action} className="contents">
            <dt>
              {shortcut.keys.map((key) => (
                <kbd
                  key={key}
                  className="rounded border border-zinc-300 bg-zinc-50 px-1.5 py-0.5 font-mono text-xs text-zinc-900 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-100"
                >
                  {key}
                </kbd>
              ))}
            </dt>
            <dd className="text-zinc-700 dark:text-zinc-300">{shortcut.description}</dd>
          </div>
        ))}
      </dl>
      <DialogActions>
        <Button variant="secondary" onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
