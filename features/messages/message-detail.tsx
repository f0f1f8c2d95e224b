"use client";
// /messages/[id]: one message, its delivery status, body, attachments,
// headers, each recipient's outcome and events. The HTML body is shown in a sandboxed frame: no
// scripts, no forms, and (the frame's own content policy) no remote images,
// so viewing it never triggers the message's own tracking.
import Link from "next/link";
import { Alert } from "@/components/alert";
import { QueryState } from "@/components/query-state";
import { textLinkClass } from "@/features/auth/auth-card";
import { formatDateTime } from "@/components/format-time";
import { deliveredViaLabels, sourceLabels } from "./message-labels";
import { MessageRecipients } from "./message-recipients";
import { MessageStatusBadge } from "./message-status-badge";
import { useMessage } from "./use-messages";
import type { messageDetailSchema } from "@/shared/schemas/messages";
import type { z } from "zod";
import { UntrustedEmailHtmlFrame } from "@/components/email-html-frame";

type MessageDetailData = z.infer<typeof messageDetailSchema>;

const eventLabels = {
  scheduled: "Scheduled",
  queued: "Queued",
  deferred: "Delivery deferred",
  delivery_delayed: "Delivery delayed",
  sent: "Sent",
  delivered: "Delivered",
  expired: "Expired",
  bounced: "Bounced",
  complained: "Marked as spam",
  suppressed: "Recipient suppressed",
  failed: "Failed",
  canceled: "Canceled",
  opened: "Opened",
  clicked: "Link clicked",
  unsubscribed: "Unsubscribed",
} as const;

const panelClass = "rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60";
const panelHeadingClass = "border-b border-zinc-200 px-6 py-4 text-base font-semibold text-zinc-900 dark:border-zinc-800 dark:text-white";

type Detail = MessageDetailData;

const errorTitles: Partial<Record<Detail["status"], string>> = {
  failed: "Delivery failed",
  bounced: "Refused by the receiving server",
  suppressed: "Every recipient is on the suppression list",
  sent: "Some recipients were refused",
};

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** What an event adds to its label: the recipient and the server's answer, or where it was sent. */
function eventNote(detail: Record<string, unknown>): string | null {
  const parts: string[] = [];
  if (detail.bounceType === "hard" || detail.bounceType === "soft") parts.push(detail.bounceType === "hard" ? "Permanent" : "Temporary");
  if (typeof detail.recipient === "string") parts.push(detail.recipient);
  if (typeof detail.feedbackType === "string") parts.push(`reported as ${detail.feedbackType}`);
  if (Array.isArray(detail.recipients)) parts.push(detail.recipients.join(", "));
  if (typeof detail.diagnostic === "string") parts.push(detail.diagnostic);
  if (typeof detail.reason === "string") parts.push(detail.reason);
  if (typeof detail.url === "string") parts.push(detail.url);
  return parts.length > 0 ? parts.join(" — ") : null;
}

function headerRows(data: Detail): [string, string][] {
  return [
    ["From", data.from],
    ["To", data.to.join(", ")],
    ...(data.cc.length ? [["Cc", data.cc.join(", ")] as [string, string]] : []),
    ...(data.bcc.length ? [["Bcc (envelope only)", data.bcc.join(", ")] as [string, string]] : []),
    ...(data.replyTo.length ? [["Reply-To", data.replyTo.join(", ")] as [string, string]] : []),
    ["Subject", data.subject],
    ...Object.entries(data.headers),
  ];
}

function MessageBody({ html, text }: { html: string | null; text: string | null }) {
  return (
    <section aria-labelledby="body" className={panelClass}>
      <h2 id="body" className={panelHeadingClass}>
        Body
      </h2>
      {html ? <UntrustedEmailHtmlFrame html={html} className="rounded-b-xl" /> : null}
      {text ? (
        html ? (
          <details className="border-t border-zinc-200 px-6 py-3 text-sm dark:border-zinc-800">
            <summary className="cursor-pointer font-medium text-zinc-800 dark:text-zinc-200">Plain text version</summary>
            <pre className="mt-3 whitespace-pre-wrap break-words text-zinc-700 dark:text-zinc-300">{text}</pre>
          </details>
        ) : (
          <pre
            aria-label="Message body (text)"
            className="whitespace-pre-wrap break-words px-6 py-4 text-sm text-zinc-700 dark:text-zinc-300"
          >
            {text}
          </pre>
        )
      ) : null}
    </section>
  );
}

export function MessageDetail({ messageId }: { messageId: string }) {
  const message = useMessage(messageId);
  return (
    <div className="space-y-6">
      <Link href="/messages" className={`${textLinkClass} text-sm`}>
        ← Messages
      </Link>
      <QueryState query={message} what="this message">
        {(data) => <Message data={data} />}
      </QueryState>
    </div>
  );
}

function Message({ data }: { data: MessageDetailData }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">{data.subject}</h1>
        <MessageStatusBadge status={data.status} />
      </div>
      <dl className="grid gap-4 rounded-xl border border-zinc-200 bg-white p-6 text-sm shadow-xs sm:grid-cols-2 dark:border-zinc-800 dark:bg-zinc-900/60">
        {[
          ["From", data.from],
          ["To", data.to.join(", ")],
          ["Cc", data.cc.join(", ") || "—"],
          ["Delivered through", data.deliveredVia ? deliveredViaLabels[data.deliveredVia] : "—"],
          ["Message id", data.id],
          ["Sent with", sourceLabels[data.source].long],
          ...(data.scheduledAt ? [["Scheduled for", formatDateTime(data.scheduledAt)]] : []),
          ["Tags", data.tags.map((tag) => `${tag.name}:${tag.value}`).join(", ") || "—"],
        ].map(([term, value]) => (
          <div key={term}>
            <dt className="font-medium text-zinc-800 dark:text-zinc-200">{term}</dt>
            <dd className="mt-1 wrap-anywhere text-zinc-600 dark:text-zinc-400">{value}</dd>
          </div>
        ))}
      </dl>
      <MessageBody html={data.html} text={data.text} />
      {data.attachments.length > 0 ? (
        <section aria-labelledby="attachments" className={panelClass}>
          <h2 id="attachments" className={panelHeadingClass}>
            Attachments
          </h2>
          <ul aria-label="Attachments" className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {data.attachments.map((file, index) => (
              <li key={index} className="flex flex-wrap justify-between gap-2 px-6 py-3 text-sm">
                <span className="font-medium break-all text-zinc-900 dark:text-white">{file.filename}</span>
                <span className="text-zinc-600 dark:text-zinc-400">
                  {file.contentType} · {formatBytes(file.size)}
                  {file.contentId ? ` · inline (cid:${file.contentId})` : ""}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="headers" className={panelClass}>
        <h2 id="headers" className={panelHeadingClass}>
          Headers
        </h2>
        <dl className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
          {headerRows(data).map(([name, value]) => (
            <div key={name} className="grid gap-1 px-6 py-2.5 sm:grid-cols-[12rem_1fr]">
              <dt className="font-mono text-[0.8125rem] text-zinc-700 dark:text-zinc-300">{name}</dt>
              <dd className="wrap-anywhere text-zinc-600 dark:text-zinc-400">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {data.lastError ? <Alert title={errorTitles[data.status] ?? "Last attempt failed; retrying"}>{data.lastError}</Alert> : null}
      {data.status === "suppressed" ? (
        <Alert title={errorTitles.suppressed}>
          Nothing was sent and the message was not charged. See the{" "}
          <Link href="/suppressions" className={textLinkClass}>
            suppression list
          </Link>
          .
        </Alert>
      ) : null}
      <MessageRecipients data={data} panelClass={panelClass} headingClass={panelHeadingClass} />
      <section aria-labelledby="events" className={panelClass}>
        <h2 id="events" className={panelHeadingClass}>
          Events
        </h2>
        <ol aria-label="Message events" className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {data.events.map((event, index) => (
            <li key={index} className="flex justify-between gap-4 px-6 py-3 text-sm">
              <span>
                <span className="font-medium text-zinc-900 dark:text-white">{eventLabels[event.type]}</span>
                {eventNote(event.detail) ? (
                  <span className="block wrap-anywhere text-zinc-600 dark:text-zinc-400">{eventNote(event.detail)}</span>
                ) : null}
              </span>
              <time dateTime={event.createdAt} className="text-zinc-600 dark:text-zinc-400">
                {formatDateTime(event.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
