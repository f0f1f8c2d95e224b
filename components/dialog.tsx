"use client";

import { useEffect, useId, useRef } from "react";

type DialogProps = {
  open: boolean;
  title: string;
  /** Read out with the title; the visible text under it. */
  description?: React.ReactNode;
  /** Escape, a click on the backdrop or a Cancel button asks to close; refused while `busy`. */
  onClose: () => void;
  busy?: boolean;
  tone?: "default" | "danger";
  /** "wide" for a form with much to fill in (writing a message). */
  size?: "default" | "wide";
  children: React.ReactNode;
};

/**
 * A modal on the native <dialog>, for content of any shape (ConfirmDialog
 * builds on it): focus moves in and is kept there, Escape closes it, and focus
 * returns to the opener afterwards. Its content is only mounted while open,
 * so forms inside start afresh each time.
 */
export function Dialog({ open, title, description, onClose, busy = false, tone = "default", size = "default", children }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      onClick={(event) => {
        if (event.target === dialogRef.current && !busy) onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${size === "wide" ? "max-w-3xl" : "max-w-md"} rounded-2xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/40 backdrop:backdrop-blur-[2px] dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100 dark:backdrop:bg-black/60`}
    >
      {open ? (
        <div className="p-6">
          <div className="flex items-start gap-4">
            {tone === "danger" ? (
              <div
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400"
                aria-hidden="true"
              >
                <svg
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={1.75}
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  className="size-5"
                >
                  <path d="M12 9v4M12 17h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
                </svg>
              </div>
            ) : null}
            <div className="min-w-0 flex-1">
              <h2 id={titleId} className="text-base font-semibold text-zinc-900 dark:text-white">
                {title}
              </h2>
              {description ? (
                <div id={descriptionId} className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
                  {description}
                </div>
              ) : null}
            </div>
          </div>
          <div className="mt-5">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}

/** The dialog's buttons: stacked on phones, at the right from sm up. */
export function DialogActions({ children }: { children: React.ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}
