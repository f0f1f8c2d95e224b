"use client";
// /messages/[id]: one message, its delivery status and its events.
import Link from "next/link";
import { Alert } from "@/components/alert";
import { textLinkClass } from "@/features/auth/auth-card";
import { formatDateTime } from "@/features/sessions/format-time";
import { MessageStatusBadge } from "./message-status-badge";
import { useMessage } from "./use-messages";

const eventLabels = {
  scheduled: "Scheduled",
  queued: "Queued",
  deferred: "Delivery deferred",
  delivery_delayed: "Delivery delayed",
  sent: "Sent",
  bounced: "Bounced",
  failed: "Failed",
  canceled: "Canceled",
  opened: "Opened",
  clicked: "Link clicked",
} as const;

export function MessageDetail({ messageId }: { messageId: string }) {
  const message = useMessage(messageId);
  if (message.isPending) return <p role="status" className="text-sm text-zinc-500 dark:text-zinc-400">Loading message…</p>;
  if (message.isError) {
    return (
      <div className="space-y-4">
        <Alert title="We could not load this message">{message.error.message}</Alert>
        <Link href="/messages" className={textLinkClass}>Back to messages</Link>
      </div>
    );
  }
  const data = message.data;
  return (
    <div className="space-y-6">
      <Link href="/messages" className={`${textLinkClass} text-sm`}>← Messages</Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">{data.subject}</h1>
        <MessageStatusBadge status={data.status} />
      </div>
      <dl className="grid gap-4 rounded-xl border border-zinc-200 bg-white p-6 text-sm shadow-xs sm:grid-cols-2 dark:border-zinc-800 dark:bg-zinc-900/60">
        {[
          ["From", data.from],
          ["To", data.to.join(", ")],
          ["Cc", data.cc.join(", ") || "—"],
          ["Delivered through", data.deliveredVia === "relay" ? "Your SMTP relay" : data.deliveredVia === "service" ? "Our delivery service" : "—"],
          ["Message id", data.id],
          ["Tags", data.tags.map((tag) => `${tag.name}:${tag.value}`).join(", ") || "—"],
        ].map(([term, value]) => (
          <div key={term}>
            <dt className="font-medium text-zinc-800 dark:text-zinc-200">{term}</dt>
            <dd className="mt-1 break-all text-zinc-600 dark:text-zinc-400">{value}</dd>
          </div>
        ))}
      </dl>
      {data.lastError ? <Alert title={data.status === "failed" ? "Delivery failed" : "Last attempt failed; retrying"}>{data.lastError}</Alert> : null}
      <section aria-labelledby="events" className="rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60">
        <h2 id="events" className="border-b border-zinc-200 px-6 py-4 text-base font-semibold text-zinc-900 dark:border-zinc-800 dark:text-white">Events</h2>
        <ol aria-label="Message events" className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {data.events.map((event, index) => (
            <li key={index} className="flex justify-between gap-4 px-6 py-3 text-sm">
              <span className="font-medium text-zinc-900 dark:text-white">{eventLabels[event.type]}</span>
              <time dateTime={event.createdAt} className="text-zinc-600 dark:text-zinc-400">{formatDateTime(event.createdAt)}</time>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
