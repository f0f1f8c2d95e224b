"use client";
// Writing a message from the mailbox: the dialog around the form
// (compose-form.tsx), which loads the first time it opens, so the mail view's
// first load carries no editor or form code. Closing with unsaved changes
// asks first.
import { useRef, useState } from "react";
import { Dialog } from "@/components/dialog";
import { onDemand } from "@/components/on-demand";
import type { ComposeStart } from "./compose-prefill";
import type { useSendFromMailbox } from "./use-compose";

export type SentMessage = Awaited<ReturnType<ReturnType<typeof useSendFromMailbox>["mutateAsync"]>>;

const titles: Record<ComposeStart["kind"], string> = {
  new: "New message",
  reply: "Reply",
  replyAll: "Reply to all",
  forward: "Forward",
  draft: "Draft",
};

export type ComposeDialogProps = {
  mailboxId: string;
  start: ComposeStart | null;
  senders: string[];
  onClose: () => void;
  /** With the draft it was written in, which the API deleted. */
  onSent: (sent: SentMessage, draftId: string | undefined) => void;
  /** A save replaces the draft: its id changes (the previous one is gone). */
  onDraftSaved: (previousId: string | undefined, id: string) => void;
};

const ComposeForm = onDemand(() => import("./compose-form").then((module) => module.ComposeForm));

export function ComposeDialog({ start, onClose, ...rest }: ComposeDialogProps) {
  const [leaving, setLeaving] = useState(false);
  const unsaved = useRef(false);
  const close = () => {
    if (unsaved.current && !leaving) setLeaving(true);
    else {
      setLeaving(false);
      unsaved.current = false;
      onClose();
    }
  };
  return (
    <Dialog open={start !== null} size="wide" title={start ? titles[start.kind] : "New message"} onClose={close}>
      {start ? (
        <ComposeForm
          start={start}
          {...rest}
          leaving={leaving}
          onStay={() => setLeaving(false)}
          onUnsavedChange={(changed) => {
            unsaved.current = changed;
          }}
          onClose={close}
        />
      ) : null}
    </Dialog>
  );
}
