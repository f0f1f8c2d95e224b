"use client";
// What the mail view says after an action: where a message went (with Undo
// for a delete), or, after a send, where to follow its delivery.
import Link from "next/link";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { textLinkClass } from "@/features/auth/auth-card";
import type { MailNotice } from "./use-message-actions";

export type ShownNotice = MailNotice & {
  /** After a send: its copy in Sent (when stored) and its page under Messages. */
  follow?: { sentHref: string | null; messageHref: string };
  /** A new notice is announced again even with the same words. */
  at: number;
};

export function MailNoticeBar({ notice, onDismiss }: { notice: ShownNotice; onDismiss: () => void }) {
  return (
    <Alert key={notice.at} tone="success">
      <p className="break-words">{notice.text}</p>
      {notice.follow ? (
        <p>
          Follow each recipient’s delivery{" "}
          {notice.follow.sentHref ? (
            <>
              in{" "}
              <Link href={notice.follow.sentHref} className={textLinkClass}>
                Sent
              </Link>{" "}
              or{" "}
            </>
          ) : null}
          on{" "}
          <Link href={notice.follow.messageHref} className={textLinkClass}>
            its message page
          </Link>
          .
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {notice.undo ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              notice.undo?.();
              onDismiss();
            }}
          >
            Undo
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </Alert>
  );
}
