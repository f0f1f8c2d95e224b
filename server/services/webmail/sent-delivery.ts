// Delivery truth in Sent (docs/webmail.md, "Sent"): a copy the webmail stored
// carries its sending message's id; a mail client's copy of what it submitted
// over SMTP shares that message's Message-ID. The list and the message answer
// that message's status and each recipient's outcome as they are now, read
// from the sending records of the mailbox's own account.
import { deliveryOutcomes, smtpSubmissionsByMessageId } from "@/server/services/messages/read-messages";
import type { MailboxMessageSummary } from "@/shared/schemas/mailbox-messages";
import { isSendingMessageId } from "./service-headers";

/** `items`' sendingMessageId as messageSummary left it: a sending message's id, or a Message-ID to look up. */
export async function withSentDelivery<T extends MailboxMessageSummary>(accountId: string, items: T[]): Promise<T[]> {
  const keys = items.flatMap((item) => (item.sendingMessageId ? [item.sendingMessageId] : []));
  if (keys.length === 0) return items;
  const submitted = await smtpSubmissionsByMessageId(
    accountId,
    keys.filter((key) => !isSendingMessageId(key)),
  );
  const linked = items.map((item) => {
    const key = item.sendingMessageId;
    return { item, id: key && (isSendingMessageId(key) ? key : (submitted.get(key) ?? null)) };
  });
  const outcomes = await deliveryOutcomes(accountId, [...new Set(linked.flatMap(({ id }) => (id ? [id] : [])))]);
  return linked.map(({ item, id }) => {
    const delivery = id ? outcomes.get(id) : undefined;
    // An id that names no message of this account (copied in by a mail client) links nothing.
    return delivery ? { ...item, sendingMessageId: id, delivery } : { ...item, sendingMessageId: null, delivery: null };
  });
}
