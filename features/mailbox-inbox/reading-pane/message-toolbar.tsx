"use client";
// The open message's buttons: back to the list (phones) or close, answer
// (reply, reply all, forward; a draft is continued instead), then what
// organizes it: flag, mark unread, move, spam or not spam, delete.
import { Button } from "@/components/button";
import type { MailboxMessageDetail } from "@/shared/schemas/mailbox-messages";
import type { ComposeKind } from "@/features/mail-compose/compose-prefill";

type MessageToolbarProps = {
  message: MailboxMessageDetail;
  listLabel: string;
  isDraft: boolean;
  /** A draft or a copy in Sent: the mailbox's own, never spam. */
  isOwn: boolean;
  inJunk: boolean;
  hasJunk: boolean;
  pending: boolean;
  onClose: () => void;
  onCompose: (kind: ComposeKind) => void;
  onFlag: () => void;
  onMarkUnread: () => void;
  onMove: () => void;
  onSpam: () => void;
  onDelete: () => void;
};

export function MessageToolbar(props: MessageToolbarProps) {
  const { message, listLabel, isDraft, isOwn, inJunk, hasJunk, pending } = props;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" className="lg:hidden" onClick={props.onClose}>
          ← {listLabel}
        </Button>
        <Button variant="secondary" size="sm" className="max-lg:hidden" onClick={props.onClose}>
          Close
        </Button>
        {isDraft ? (
          <Button size="sm" onClick={() => props.onCompose("draft")}>
            Continue editing
          </Button>
        ) : (
          <>
            <Button variant="secondary" size="sm" onClick={() => props.onCompose("reply")}>
              Reply
            </Button>
            <Button variant="secondary" size="sm" onClick={() => props.onCompose("replyAll")}>
              Reply all
            </Button>
            <Button variant="secondary" size="sm" onClick={() => props.onCompose("forward")}>
              Forward
            </Button>
          </>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {isDraft ? null : (
          <>
            <Button variant="ghost" size="sm" disabled={pending} onClick={props.onFlag}>
              {message.flagged ? "Unflag" : "Flag"}
            </Button>
            <Button variant="ghost" size="sm" disabled={pending} onClick={props.onMarkUnread}>
              Mark unread
            </Button>
          </>
        )}
        <Button variant="ghost" size="sm" disabled={pending} onClick={props.onMove}>
          Move…
        </Button>
        {inJunk ? (
          <Button variant="ghost" size="sm" disabled={pending} onClick={props.onSpam}>
            Not spam
          </Button>
        ) : hasJunk && !isOwn ? (
          <Button variant="ghost" size="sm" disabled={pending} onClick={props.onSpam}>
            Spam
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" disabled={pending} onClick={props.onDelete}>
          Delete
        </Button>
      </div>
    </div>
  );
}
