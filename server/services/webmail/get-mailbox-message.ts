import { simpleParser } from "mailparser";
import { notFound } from "@/server/errors";
import { withMailboxSession } from "@/server/mail-store/dovecot/mailbox-reader";
import { headerBlockToParse } from "@/server/message-format/header-block";
import { locateMessage, type SeenAt } from "@/server/services/webmail/locate-message";
import { fetchSummaries } from "@/server/services/webmail/message-summaries";
import { withSentDelivery } from "@/server/services/webmail/sent-delivery";
import { messageDetail, unreadableMessageDetail } from "./mailbox-message-view";
import { getOwnMailboxOrThrow } from "@/server/services/mailboxes/own-mailbox";

/** The header block of a message and the empty line after it, which parses whatever the body holds. */
const headerBlockOf = (source: Buffer) => headerBlockToParse(source, 1024 * 1024);

/**
 * One message, in whichever folder it is (looked for first where the caller saw it), parsed; reading it marks
 * it seen, as a mail client does.
 */
export async function getMailboxMessage(accountId: string, mailboxId: string, messageId: string, seenAt: SeenAt = {}) {
  const mailbox = await getOwnMailboxOrThrow(accountId, mailboxId);
  const detail = await withMailboxSession(mailbox, async (client) => {
    const { folder, uid } = await locateMessage(client, messageId, seenAt);
    const message = await client.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
    const [summary] = await fetchSummaries(client, folder, [uid]);
    if (message === false || !message.source || !summary) throw notFound("Message");
    if (!summary.seen) await client.messageFlagsAdd(String(uid), ["\\Seen"], { uid: true });
    // A message whose structure mailparser refuses (stored before the MX checked every message's structure) is shown by its header alone.
    const parsed = await simpleParser(message.source, { skipImageLinks: true }).catch(() => null);
    if (parsed) return messageDetail(summary, parsed, folder);
    return unreadableMessageDetail(summary, await simpleParser(headerBlockOf(message.source)).catch(() => null), folder);
  });
  const [withDelivery] = await withSentDelivery(accountId, [detail]);
  return withDelivery!;
}
