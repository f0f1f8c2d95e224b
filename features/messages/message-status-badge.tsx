import type { MessageSummary } from "@/shared/schemas/messages";

const styles: Record<MessageSummary["status"], string> = {
  scheduled: "bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-300",
  canceled: "bg-zinc-100 text-zinc-700 dark:bg-zinc-500/15 dark:text-zinc-300",
  bounced: "bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300",
  queued: "bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300",
  sent: "bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300",
  failed: "bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300",
  suppressed: "bg-zinc-100 text-zinc-700 dark:bg-zinc-500/15 dark:text-zinc-300",
};

const labels: Record<MessageSummary["status"], string> = {
  scheduled: "Scheduled",
  queued: "Queued",
  sent: "Sent",
  bounced: "Bounced",
  failed: "Failed",
  suppressed: "Suppressed",
  canceled: "Canceled",
};

export function MessageStatusBadge({ status }: { status: MessageSummary["status"] }) {
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${styles[status]}`}>{labels[status]}</span>;
}
