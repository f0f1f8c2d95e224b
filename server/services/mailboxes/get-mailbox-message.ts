import { simpleParser } from "mailparser";
import { notFound } from "@/server/errors";
import { withMailboxInbox } from "@/server/mail/dovecot/mailbox-reader";
import { messageDetail, messageSummary, parseMailboxMessageId } from "./mailbox-message-view";
import { getOwnMailboxOrThrow } from "./own-mailbox";

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
    const parsed = await simpleParser(message.source, { skipImageLinks: true });
    return messageDetail(messageSummary(message, uidValidity), parsed);
  });
}
