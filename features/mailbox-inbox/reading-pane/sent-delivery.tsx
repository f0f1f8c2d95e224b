// In Sent: what became of a message sent through the service, read live from
// its sending records (the API's `delivery`): its status, each recipient's
// state with the last reply about it, and its own page under Messages.
import Link from "next/link";
import { formatDateTime } from "@/components/format-time";
import { textLinkClass } from "@/features/auth/auth-card";
import { RecipientStatusLine } from "@/features/messages/message-recipients";
import { MessageStatusBadge } from "@/features/messages/message-status-badge";
import type { MailboxMessageDetail } from "@/shared/schemas/mailbox-messages";

type SentDeliveryProps = { delivery: NonNullable<MailboxMessageDetail["delivery"]>; sendingMessageId: string };

export function SentDelivery({ delivery, sendingMessageId }: SentDeliveryProps) {
  return (
    <section aria-labelledby="sent-delivery" className="space-y-2 rounded-lg bg-zinc-50 px-4 py-3 text-sm dark:bg-zinc-800/60">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="sent-delivery" className="flex items-center gap-2 font-semibold text-zinc-900 dark:text-white">
          Delivery <MessageStatusBadge status={delivery.status} />
        </h3>
        <Link href={`/messages/${encodeURIComponent(sendingMessageId)}`} className={textLinkClass}>
          Message page<span className="sr-only"> with every event of this message</span>
        </Link>
      </div>
      <ul aria-label="Delivery to each recipient" className="space-y-2">
        {delivery.recipients.map((recipient) => (
          <li key={recipient.email} aria-label={recipient.email} className="space-y-0.5">
            <RecipientStatusLine recipient={recipient} />
            <p className="wrap-anywhere text-xs text-zinc-600 dark:text-zinc-400">
              {recipient.diagnostic ?? (recipient.remoteMta ? `Taken by ${recipient.remoteMta}` : "No reply yet")} ·{" "}
              <time dateTime={recipient.updatedAt}>{formatDateTime(recipient.updatedAt)}</time>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
