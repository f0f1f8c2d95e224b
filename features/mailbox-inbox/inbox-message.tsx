"use client";
// One message of a hosted mailbox: who sent it, what the MX found about its
// authenticity, the body, attachments and headers. The HTML body is shown in
// a sandboxed frame (no scripts, no forms, and remote images only when the
// reader asks for them, per message), as the sent-message view does. "Spam"
// moves it to Junk and "Not spam" back to INBOX; both teach the spam filter
// when it can learn (docs/spam-and-rules.md, "Teaching the filter").
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { EmailHtmlFrame, hasRemoteImages } from "@/components/email-html-frame";
import { formatDateTime } from "@/components/format-time";
import { QueryState } from "@/components/query-state";
import type { MailboxMessageDetail } from "@/shared/schemas/mailbox-messages";
import { Authenticity } from "./authenticity";
import { formatBytes } from "./format-bytes";
import { MessageAttachments } from "./message-attachments";
import { SpamVerdict } from "./spam-verdict";
import { isStorageOffline, StorageOfflineNotice } from "./storage-offline";
import { useDeleteMailboxMessage, useMailboxMessage, useMoveMailboxMessage } from "./use-mailbox-inbox";

const panelClass = "rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60";

function headerRows(data: MailboxMessageDetail): [string, string][] {
  return [
    ["From", data.from ?? "—"],
    ["To", data.to.join(", ") || "—"],
    ...(data.cc.length ? [["Cc", data.cc.join(", ")] as [string, string]] : []),
    ...(data.replyTo ? [["Reply-To", data.replyTo] as [string, string]] : []),
    ["Received", formatDateTime(data.receivedAt)],
    ["Size", formatBytes(data.size)],
  ];
}

function MessageBody({ html, text, messageId }: { html: string | null; text: string | null; messageId: string }) {
  // Per message: opening another one blocks its images again.
  const [imagesShownFor, setImagesShownFor] = useState<string | null>(null);
  const remoteImages = imagesShownFor === messageId;
  return (
    <>
      {html && hasRemoteImages(html) ? (
        <RemoteImagesChoice shown={remoteImages} onChange={(show) => setImagesShownFor(show ? messageId : null)} />
      ) : null}
      {html ? (
        <EmailHtmlFrame html={html} remoteImages={remoteImages} className="rounded-lg border border-zinc-200 dark:border-zinc-800" />
      ) : null}
      {text && html ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-zinc-800 dark:text-zinc-200">Plain text version</summary>
          <pre className="mt-2 whitespace-pre-wrap break-words text-zinc-700 dark:text-zinc-300">{text}</pre>
        </details>
      ) : text ? (
        <pre aria-label="Message body (text)" className="whitespace-pre-wrap break-words text-sm text-zinc-700 dark:text-zinc-300">
          {text}
        </pre>
      ) : null}
    </>
  );
}

function RemoteImagesChoice({ shown, onChange }: { shown: boolean; onChange: (show: boolean) => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-zinc-50 px-3 py-2 text-sm text-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300">
      <p>
        {shown
          ? "Remote images are shown for this message."
          : "Remote images are blocked: loading them can tell the sender you opened this message."}
      </p>
      <Button variant="secondary" size="sm" onClick={() => onChange(!shown)}>
        {shown ? "Block remote images" : "Show remote images"}
      </Button>
    </div>
  );
}

export type MovedMessage = { subject: string; folder: string; learned: "spam" | "ham" | null };

type InboxMessageProps = {
  mailboxId: string;
  messageId: string;
  /** The mailbox's Junk folder (special use), null when it has none. */
  junkFolder: string | null;
  onClosed: () => void;
  onDeleted: (subject: string) => void;
  onMoved: (moved: MovedMessage) => void;
};

export function InboxMessage({ mailboxId, messageId, junkFolder, onClosed, onDeleted, onMoved }: InboxMessageProps) {
  const message = useMailboxMessage(mailboxId, messageId);
  const remove = useDeleteMailboxMessage(mailboxId);
  const move = useMoveMailboxMessage(mailboxId);
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = message.data !== undefined;
  // Opened from the list: the message is what the reader wants next (below the list on a phone).
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  return (
    <QueryState
      query={message}
      what="this message"
      failed={(error) => (isStorageOffline(error) ? <StorageOfflineNotice query={message} /> : null)}
    >
      {(data) => {
        const subject = data.subject ?? "(no subject)";
        const inJunk = junkFolder !== null && data.folder === junkFolder;
        const moveTo = (folder: string) =>
          move.mutate({ messageId, folder }, { onSuccess: (moved) => onMoved({ subject, folder: moved.folder, learned: moved.learned }) });
        return (
          <article aria-labelledby="message-subject" className={`${panelClass} min-w-0 space-y-4 p-6`}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <h2
                id="message-subject"
                ref={heading}
                tabIndex={-1}
                className="min-w-0 text-xl font-semibold break-words text-zinc-900 focus:outline-none dark:text-white"
              >
                {subject}
              </h2>
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" size="sm" onClick={onClosed}>
                  Close
                </Button>
                {inJunk ? (
                  <Button variant="secondary" size="sm" pending={move.isPending} onClick={() => moveTo("INBOX")}>
                    Not spam
                  </Button>
                ) : junkFolder ? (
                  <Button variant="secondary" size="sm" pending={move.isPending} onClick={() => moveTo(junkFolder)}>
                    Spam
                  </Button>
                ) : null}
                <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
                  Delete
                </Button>
              </div>
            </div>
            <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
              {headerRows(data).map(([term, value]) => (
                <div key={term} className="contents">
                  <dt className="font-medium text-zinc-800 dark:text-zinc-200">{term}</dt>
                  <dd className="wrap-anywhere text-zinc-600 dark:text-zinc-400">{value}</dd>
                </div>
              ))}
            </dl>
            {move.error ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {move.error.message}
              </p>
            ) : null}
            <Authenticity results={data.authenticationResults} />
            {inJunk || data.spam?.verdict === "spam" ? <SpamVerdict spam={data.spam} /> : null}
            <MessageBody html={data.html} text={data.text} messageId={messageId} />
            <MessageAttachments attachments={data.attachments} />
            <details className="text-sm">
              <summary className="cursor-pointer font-medium text-zinc-800 dark:text-zinc-200">All headers</summary>
              <pre className="mt-2 max-h-80 overflow-auto whitespace-pre-wrap break-all text-xs text-zinc-600 dark:text-zinc-400">
                {data.headers.map((header) => `${header.name}: ${header.value}`).join("\n")}
              </pre>
            </details>
            <ConfirmDialog
              open={confirming}
              title={`Delete “${subject}”?`}
              confirmLabel="Delete message"
              pending={remove.isPending}
              error={remove.error?.message ?? null}
              onCancel={() => setConfirming(false)}
              onConfirm={() =>
                remove.mutate(messageId, {
                  onSuccess: () => {
                    setConfirming(false);
                    onDeleted(subject);
                  },
                })
              }
            >
              It moves to Trash, for every mail app too; deleting it there removes it for good.
            </ConfirmDialog>
          </article>
        );
      }}
    </QueryState>
  );
}
