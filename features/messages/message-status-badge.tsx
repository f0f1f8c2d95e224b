import { Badge, type BadgeTone } from "@/components/badge";
import type { MessageSummary } from "@/shared/schemas/messages";

const tones: Record<MessageSummary["status"], BadgeTone> = {
  scheduled: "info",
  canceled: "neutral",
  bounced: "danger",
  queued: "warning",
  sent: "success",
  delivered: "success",
  failed: "danger",
  suppressed: "neutral",
};

const labels: Record<MessageSummary["status"], string> = {
  scheduled: "Scheduled",
  queued: "Queued",
  sent: "Sent",
  delivered: "Delivered",
  bounced: "Bounced",
  failed: "Failed",
  suppressed: "Suppressed",
  canceled: "Canceled",
};

export function MessageStatusBadge({ status }: { status: MessageSummary["status"] }) {
  return <Badge tone={tones[status]}>{labels[status]}</Badge>;
}
