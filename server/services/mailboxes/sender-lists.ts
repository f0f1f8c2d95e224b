// A mailbox's allow and block lists, then its domain's, against a message's
// senders (docs/spam-and-rules.md, "Per-mailbox settings" and "Lists for a
// whole domain"). One rule for both ways mail reaches a hosted mailbox:
// through our MX, and straight from a customer's message on the hosted route
// (docs/delivery.md).
type SenderLists = { allow: string[]; block: string[] };

/** Whether a list entry (`someone@example.com`, or `@example.com` for the domain and its subdomains) names one of the senders. */
function listNames(list: string[], senders: string[]): boolean {
  return senders.some((sender) => {
    const domain = sender.slice(sender.lastIndexOf("@") + 1);
    return list.some((entry) =>
      entry.startsWith("@") ? domain === entry.slice(1) || domain.endsWith(`.${entry.slice(1)}`) : entry === sender,
    );
  });
}

/**
 * What the lists say of these senders: the mailbox's own entries first (block
 * before allow), then its domain's; null when none names them.
 */
export function senderStanding(lists: SenderLists & { domain: SenderLists }, senders: string[]): "blocked" | "allowed" | null {
  for (const { allow, block } of [lists, lists.domain]) {
    if (listNames(block, senders)) return "blocked";
    if (listNames(allow, senders)) return "allowed";
  }
  return null;
}
