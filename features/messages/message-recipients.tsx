// The message page's per-recipient panel: each recipient's status, the
// server that took it, the last reply, TLS, and that recipient's own events
// in order (docs/delivery.md, "Each recipient's fate").
import { Badge, type BadgeTone } from "@/components/badge";
import { formatDateTime } from "@/components/format-time";
import type { MessageRecipient, messageDetailSchema } from "@/shared/schemas/messages";
import type { z } from "zod";

type Detail = z.infer<typeof messageDetailSchema>;

const tones: Record<MessageRecipient["status"], BadgeTone> = {
  queued: "warning",
  sent: "info",
  delivered: "success",
  deferred: "warning",
  bounced: "danger",
  expired: "danger",
  suppressed: "neutral",
};

const labels: Record<MessageRecipient["status"], string> = {
  queued: "Queued",
  sent: "Sent",
  delivered: "Delivered",
  deferred: "Deferred",
  bounced: "Bounced",
  expired: "Expired",
  suppressed: "Suppressed",
};

/** A recipient's address and state in words, coloured to match (also the webmail's Sent). */
export function RecipientStatusLine({ recipient }: { recipient: Pick<MessageRecipient, "email" | "status"> }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <span className="font-medium break-all text-zinc-900 dark:text-white">{recipient.email}</span>
      <Badge tone={tones[recipient.status]}>{labels[recipient.status]}</Badge>
    </div>
  );
}

const eventLabels: Record<string, string> = {
  sent: "Handed off",
  delivered: "Delivered",
  delivery_delayed: "Delayed",
  bounced: "Bounced",
  expired: "Expired",
  failed: "Failed",
  suppressed: "Suppressed",
  complained: "Marked as spam",
};

function tlsText(tls: MessageRecipient["tls"]): string {
  if (!tls) return "Not reported";
  const policy = { none: "no TLS policy", may: "opportunistic", "mta-sts": "MTA-STS", dane: "DANE" }[tls.policy];
  if (!tls.protocol) return `Not encrypted (${policy}: the server offered no TLS)`;
  return `${tls.protocol}, ${tls.verified ? "certificate verified" : "certificate not verified"}, ${policy}`;
}

/** The events about this recipient: naming it, or listing it among the recipients handed off. */
function eventsOf(events: Detail["events"], email: string) {
  return events.filter((event) => {
    const { recipient, recipients } = event.detail;
    if (typeof recipient === "string") return recipient.toLowerCase() === email;
    return Array.isArray(recipients) && recipients.some((entry) => String(entry).toLowerCase() === email);
  });
}

export function MessageRecipients({ data, panelClass, headingClass }: { data: Detail; panelClass: string; headingClass: string }) {
  if (data.recipients.length === 0) return null;
  return (
    <section aria-labelledby="recipients" className={panelClass}>
      <h2 id="recipients" className={headingClass}>
        Recipients
      </h2>
      <ul aria-label="Recipients" className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {data.recipients.map((recipient) => {
          const timeline = eventsOf(data.events, recipient.email).filter((event) => event.type in eventLabels);
          return (
            <li key={recipient.email} aria-label={recipient.email} className="space-y-2 px-6 py-4 text-sm">
              <RecipientStatusLine recipient={recipient} />
              <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[8rem_1fr]">
                <dt className="text-zinc-700 dark:text-zinc-300">Receiving server</dt>
                <dd className="wrap-anywhere text-zinc-600 dark:text-zinc-400">{recipient.remoteMta ?? "—"}</dd>
                <dt className="text-zinc-700 dark:text-zinc-300">Last reply</dt>
                <dd className="wrap-anywhere text-zinc-600 dark:text-zinc-400">{recipient.diagnostic ?? "—"}</dd>
                <dt className="text-zinc-700 dark:text-zinc-300">TLS</dt>
                <dd className="text-zinc-600 dark:text-zinc-400">{tlsText(recipient.tls)}</dd>
                <dt className="text-zinc-700 dark:text-zinc-300">Updated</dt>
                <dd className="text-zinc-600 dark:text-zinc-400">
                  <time dateTime={recipient.updatedAt}>{formatDateTime(recipient.updatedAt)}</time>
                </dd>
              </dl>
              {timeline.length > 0 ? (
                <ol aria-label={`Timeline of ${recipient.email}`} className="space-y-1 border-l border-zinc-200 pl-3 dark:border-zinc-700">
                  {timeline.map((event, index) => (
                    <li key={index} className="flex flex-wrap justify-between gap-x-4 text-zinc-600 dark:text-zinc-400">
                      <span className="font-medium text-zinc-800 dark:text-zinc-200">{eventLabels[event.type]}</span>
                      <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                    </li>
                  ))}
                </ol>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
