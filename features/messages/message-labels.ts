// What the message log calls each door a message came through and each way it
// was handed on. Types only from the schema: the labels add no zod to the page.
import type { DeliveredVia, MessageSource } from "@/shared/schemas/messages";

export const sourceLabels: Record<MessageSource, { short: string; long: string }> = {
  api: { short: "API", long: "the API" },
  smtp: { short: "SMTP", long: "SMTP" },
  portal: { short: "Portal", long: "the portal" },
  webmail: { short: "Webmail", long: "the webmail" },
  mailbox_forward: { short: "Forward", long: "a mailbox's forwarding rule" },
  mailbox_reply: { short: "Auto-reply", long: "a mailbox's automatic reply (vacation)" },
};

export const deliveredViaLabels: Record<DeliveredVia, string> = {
  relay: "Your SMTP relay",
  service: "Our delivery service",
  mailbox: "Straight into hosted mailboxes here",
  dev_mailbox: "The local dev mailbox (nothing left this machine)",
};
