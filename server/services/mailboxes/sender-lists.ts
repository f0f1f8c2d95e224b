// A mailbox's allow and block lists, then its domain's, against a message's
// senders (docs/spam-and-rules.md, "Per-mailbox settings" and "Lists for a
// whole domain"). One rule for both ways mail reaches a hosted mailbox:
// through our MX, and straight from a customer's message on the hosted route
// (docs/delivery.md).
import addressparser from "nodemailer/lib/addressparser";
import { headerFields, splitHeaderBlock } from "@/server/services/messages/header-block";

/** How much of a message is read for its From header; the MX refuses longer header blocks anyway. */
const HEADER_READ_BYTES = 256 * 1024;

/** The From header's address, lower case, or null. */
export function fromHeaderAddress(raw: Buffer): string | null {
  const { header } = splitHeaderBlock(raw.subarray(0, HEADER_READ_BYTES + 4).toString("latin1"));
  const field = headerFields(header).find((candidate) => candidate.name === "from");
  if (!field) return null;
  const value = field.lines.join(" ").replace(/^[^:]*:/, "");
  const first = addressparser(value, { flatten: true })[0];
  return first?.address ? first.address.toLowerCase() : null;
}

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
