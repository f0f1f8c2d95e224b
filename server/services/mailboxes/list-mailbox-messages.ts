import { withMailboxInbox } from "@/server/mail-store/dovecot/mailbox-reader";
import { pageInfo } from "@/shared/schemas/pagination";
import { messageSummary } from "./mailbox-message-view";
import { getOwnMailboxOrThrow } from "./own-mailbox";

/** A page of the inbox, newest first (by arrival: the highest sequence numbers first). */
export async function listMailboxMessages(accountId: string, mailboxId: string, page: number, limit: number) {
  const mailbox = await getOwnMailboxOrThrow(accountId, mailboxId);
  return withMailboxInbox(mailbox.address, async (client) => {
    const inbox = client.mailbox;
    const total = inbox ? inbox.exists : 0;
    const uidValidity = inbox ? inbox.uidValidity : 0n;
    const last = total - (page - 1) * limit;
    if (last < 1) return { items: [], pagination: pageInfo(page, limit, total) };
    const first = Math.max(1, last - limit + 1);
    const fetched = await client.fetchAll(`${first}:${last}`, { uid: true, envelope: true, internalDate: true, size: true, flags: true });
    const items = fetched.sort((a, b) => b.seq - a.seq).map((message) => messageSummary(message, uidValidity));
    return { items, pagination: pageInfo(page, limit, total) };
  });
}
