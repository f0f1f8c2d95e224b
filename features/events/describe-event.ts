// One feed event in words for the dashboard's recent activity and the Events page, and the portal
// page of the object it concerns: a message's page, the domains, the
// suppression list, an address's subscriptions, a mailbox's inbox (docs/dashboard.md).
import type { FeedEvent } from "@/shared/schemas/events";

export type DescribedEvent = { text: string; href: string };

const messageVerbs: Record<string, string> = {
  scheduled: "Scheduled",
  queued: "Queued",
  sent: "Sent",
  delivered: "Delivered",
  deferred: "Deferred",
  delivery_delayed: "Delivery delayed",
  bounced: "Bounced",
  complained: "Spam complaint",
  suppressed: "Not sent (suppressed)",
  expired: "Expired",
  failed: "Failed",
  canceled: "Canceled",
  opened: "Opened",
  clicked: "Link clicked",
  unsubscribed: "Unsubscribed",
};

/** The reader's own ways of changing a subscription (the API's need no note). */
const readerSources: Record<string, string> = {
  one_click: "one-click link",
  preference_page: "preference page",
  mailto: "unsubscribe email",
};

const text = (value: unknown) => (typeof value === "string" && value ? value : null);

export function describeEvent(event: FeedEvent): DescribedEvent {
  const detail = event.detail as Record<string, unknown>;
  const [kind, action = ""] = event.type.split(".");
  switch (kind) {
    case "message": {
      const verb = messageVerbs[action] ?? action;
      const recipient = text(detail.recipient);
      const extra = action === "bounced" && text(detail.bounceType) ? ` (${detail.bounceType})` : "";
      return {
        text: recipient ? `${verb}${extra}: ${recipient}` : `${verb}${extra}`,
        href: `/messages/${encodeURIComponent(event.object.id)}`,
      };
    }
    case "suppression":
      return {
        text: `${text(detail.email) ?? event.object.id} ${action === "added" ? "added to" : "removed from"} the suppression list`,
        href: "/suppressions",
      };
    case "subscription": {
      const email = text(detail.email) ?? event.object.id;
      const how = typeof detail.source === "string" && detail.source in readerSources ? ` (${readerSources[detail.source]})` : "";
      return {
        text: `${email} ${detail.status === "subscribed" ? "subscribed to" : "unsubscribed from"} a topic${how}`,
        href: `/topics?email=${encodeURIComponent(email)}`,
      };
    }
    case "domain": {
      const name = text(detail.name) ?? "A domain";
      const href = `/domains/${event.object.id}`;
      if (action === "dmarc_report") return { text: `DMARC report for ${name} from ${text(detail.reporter) ?? "a receiver"}`, href };
      if (action === "reputation_warning")
        return {
          text: `${name}: ${detail.metric === "complaint_rate" ? "complaint" : "bounce"} rate ${String(detail.rate)}% in the last 24 hours`,
          href,
        };
      return { text: `${name} ${action === "verified" ? "verified" : "failed verification"}`, href: "/domains" };
    }
    default: {
      const mailbox = text(detail.mailbox) ?? "a mailbox";
      const from = text(detail.from);
      const subject = text(detail.subject);
      const words: Record<string, string> = {
        received: `${mailbox} received ${from ? `mail from ${from}` : "mail"}${subject ? `: ${subject}` : ""}`,
        rejected: `${mailbox} refused ${from ? `spam from ${from}` : "spam"}`,
        vacation_sent: `${mailbox} sent an automatic reply`,
        forwarded: `${mailbox} forwarded a message`,
        unsubscribed: `${mailbox} unsubscribed from ${text(detail.from) ?? "a list"}`,
      };
      return {
        text: words[action] ?? `${mailbox}: ${action}`,
        href: `/mailboxes/${encodeURIComponent(event.object.id)}/inbox`,
      };
    }
  }
}
