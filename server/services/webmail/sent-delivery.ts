// Delivery truth in Sent (docs/webmail.md, "Sent"): a copy the webmail stored
// carries its sending message's id, and the list and the message answer that
// message's status and each recipient's outcome as they are now, read from
// the sending records of the mailbox's own account.
import { deliveryOutcomes } from "@/server/services/messages/read-messages";
import type { MailboxMessageSummary } from "@/shared/schemas/mailbox-messages";

export async function withSentDelivery<T extends MailboxMessageSummary>(accountId: string, items: T[]): Promise<T[]> {
  const ids = [...new Set(items.flatMap((item) => (item.sendingMessageId ? [item.sendingMessageId] : [])))];
  if (ids.length === 0) return items;
  const outcomes = await deliveryOutcomes(accountId, ids);
  return items.map((item) => {
    const delivery = item.sendingMessageId ? outcomes.get(item.sendingMessageId) : undefined;
    // An id that names no message of this account (copied in by a mail client) links nothing.
    return delivery ? { ...item, delivery } : { ...item, sendingMessageId: null, delivery: null };
  });
}
