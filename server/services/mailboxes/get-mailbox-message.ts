import { simpleParser } from "mailparser";
import { notFound } from "@/server/errors";
import { withMailboxInbox } from "@/server/mail-store/dovecot/mailbox-reader";
import { headerBlockToParse } from "@/server/services/messages/header-block";
import { messageDetail, messageSummary, parseMailboxMessageId, unreadableMessageDetail } from "./mailbox-message-view";
import { getOwnMailboxOrThrow } from "./own-mailbox";

/** The header block of a message and the empty line after it, which parses whatever the body holds. */
const headerBlockOf = (source: Buffer) => headerBlockToParse(source, 1024 * 1024);

/** One message, parsed; reading it marks it seen, as a mail client does. */
export async function getMailboxMessage(accountId: string, mailboxId: string, messageId: string) {
  const mailbox = await getOwnMailboxOrThrow(accountId, mailboxId);
  return withMailboxInbox(mailbox.address, async (client) => {
    const uidValidity = client.mailbox ? client.mailbox.uidValidity : 0n;
    const uid = parseMailboxMessageId(messageId, uidValidity);
    const message = await client.fetchOne(
      String(uid),
      { uid: true, envelope: true, internalDate: true, size: true, flags: true, source: true },
      { uid: true },
    );
    if (message === false || !message.source) throw notFound("Message");
    await client.messageFlagsAdd(String(uid), ["\\Seen"], { uid: true });
    const summary = messageSummary(message, uidValidity);
    // A message whose structure mailparser refuses (stored before the MX checked every message's structure) is shown by its header alone.
    const parsed = await simpleParser(message.source, { skipImageLinks: true }).catch(() => null);
    if (parsed) return messageDetail(summary, parsed);
    return unreadableMessageDetail(summary, await simpleParser(headerBlockOf(message.source)).catch(() => null));
  });
}
