"use client";
// One message of a hosted mailbox: who sent it, what the MX found about its
// authenticity, the body, attachments and headers. The HTML body is shown in
// a sandboxed frame (no scripts, no forms, and the page's content policy keeps
// remote images out), as the sent-message view does.
import { useState } from "react";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { LoadError } from "@/components/load-error";
import { formatDateTime } from "@/components/format-time";
import type { MailboxMessageDetail } from "@/shared/schemas/mailbox-messages";
import { formatBytes } from "./format-bytes";
import { useDeleteMailboxMessage, useMailboxMessage } from "./use-mailbox-inbox";

const panelClass = "rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60";

function downloadHref(attachment: MailboxMessageDetail["attachments"][number]): string {
  return `data:${attachment.contentType};base64,${attachment.content}`;
}

function Authenticity({ results }: { results: MailboxMessageDetail["authenticationResults"] }) {
  if (!results) return <p className="text-sm text-zinc-500 dark:text-zinc-400">No authentication results recorded.</p>;
  return (
    <ul aria-label="Sender authentication" className="flex flex-wrap gap-2 text-xs">
      {(["spf", "dkim", "dmarc"] as const).map((method) => (
        <li
          key={method}
          className={`rounded-full px-2.5 py-0.5 font-medium ${results[method] === "pass" ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-300" : "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200"}`}
        >
          {method.toUpperCase()} {results[method] ?? "none"}
        </li>
      ))}
    </ul>
  );
}

export function InboxMessage({ mailboxId, messageId, onClosed }: { mailboxId: string; messageId: string; onClosed: () => void }) {
  const message = useMailboxMessage(mailboxId, messageId);
  const remove = useDeleteMailboxMessage(mailboxId);
  const [confirming, setConfirming] = useState(false);
  if (message.isPending)
    return (
      <p role="status" className="text-sm text-zinc-500 dark:text-zinc-400">
        Loading message…
      </p>
    );
  if (message.isError) return <LoadError what="this message" query={message} />;
  const data = message.data;
  return (
    <article aria-labelledby="message-subject" className={`${panelClass} space-y-4 p-6`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="message-subject" className="text-xl font-semibold text-zinc-900 dark:text-white">
          {data.subject ?? "(no subject)"}
        </h2>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={onClosed}>
            Close
          </Button>
          <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        </div>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
        {[
          ["From", data.from ?? "—"],
          ["To", data.to.join(", ") || "—"],
          ...(data.cc.length ? [["Cc", data.cc.join(", ")]] : []),
          ...(data.replyTo ? [["Reply-To", data.replyTo]] : []),
          ["Received", formatDateTime(data.receivedAt)],
          ["Size", formatBytes(data.size)],
        ].map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-zinc-800 dark:text-zinc-200">{term}</dt>
            <dd className="break-all text-zinc-600 dark:text-zinc-400">{value}</dd>
          </div>
        ))}
      </dl>
      <Authenticity results={data.authenticationResults} />
      {data.html ? (
        <iframe
          title="Message body (HTML)"
          sandbox=""
          srcDoc={data.html}
          referrerPolicy="no-referrer"
          className="h-96 w-full rounded-lg border border-zinc-200 bg-white dark:border-zinc-800"
        />
      ) : null}
      {data.text && !data.html ? (
        <pre aria-label="Message body (text)" className="whitespace-pre-wrap break-words text-sm text-zinc-700 dark:text-zinc-300">
          {data.text}
        </pre>
      ) : null}
      {data.attachments.length > 0 ? (
        <section aria-label="Attachments">
          <h3 className="text-sm font-semibold text-zinc-900 dark:text-white">Attachments</h3>
          <ul className="mt-2 space-y-1 text-sm">
            {data.attachments.map((attachment, index) => (
              <li key={`${attachment.filename}-${index}`}>
                <a
                  className="font-medium text-indigo-600 underline dark:text-indigo-400"
                  href={downloadHref(attachment)}
                  download={attachment.filename ?? `attachment-${index + 1}`}
                >
                  {attachment.filename ?? `attachment-${index + 1}`}
                </a>{" "}
                <span className="text-zinc-500 dark:text-zinc-400">
                  {attachment.contentType}, {formatBytes(attachment.size)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-zinc-800 dark:text-zinc-200">All headers</summary>
        <pre className="mt-2 max-h-80 overflow-auto whitespace-pre-wrap break-all text-xs text-zinc-600 dark:text-zinc-400">
          {data.headers.map((header) => `${header.name}: ${header.value}`).join("\n")}
        </pre>
      </details>
      <ConfirmDialog
        open={confirming}
        title="Delete this message?"
        confirmLabel="Delete message"
        pending={remove.isPending}
        error={remove.error?.message ?? null}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(messageId, {
            onSuccess: () => {
              setConfirming(false);
              onClosed();
            },
          })
        }
      >
        It is removed from the mailbox for every mail client too. This cannot be undone.
      </ConfirmDialog>
    </article>
  );
}
