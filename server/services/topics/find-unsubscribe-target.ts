// Whose choice an unsubscribe link records (docs/consent.md): the message it
// came in, its topic, the one recipient the copy was for, and the sender as
// the reader knows it. A token that does not verify against one of the
// message's recipients and its topic names nobody (404).
import { eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { accounts, messageContents, messages } from "@/server/db/schema";
import { recipientAddressesOf } from "@/server/services/messages/recipient-addresses";
import { parseMailbox } from "@/shared/schemas/mail-address";
import { unsubscribeTokenMessageId, verifyUnsubscribeToken } from "./unsubscribe-token";

export type UnsubscribeTarget = {
  accountId: string;
  topicId: string;
  email: string;
  messageId: string;
  /** Who the reader knows the mail from: the From's display name, else the account's name, else the sending domain. */
  sender: string;
};

export async function findUnsubscribeTarget(token: string): Promise<UnsubscribeTarget | null> {
  const messageId = unsubscribeTokenMessageId(token);
  if (!messageId) return null;
  const [message] = await db()
    .select({
      accountId: messages.accountId,
      topicId: messages.topicId,
      from: messages.from,
      fromDomain: messages.fromDomain,
      to: messages.to,
      cc: messages.cc,
      bcc: messages.bcc,
      envelopeTo: messageContents.envelopeTo,
      accountName: accounts.name,
    })
    .from(messages)
    .innerJoin(accounts, eq(accounts.id, messages.accountId))
    .leftJoin(messageContents, eq(messageContents.messageId, messages.id))
    .where(eq(messages.id, messageId))
    .limit(1);
  if (!message?.topicId) return null;
  const recipients = [
    ...new Set([...recipientAddressesOf(message), ...(message.envelopeTo ?? [])].map((address) => address.toLowerCase())),
  ];
  const email = verifyUnsubscribeToken(token, message.topicId, recipients);
  if (!email) return null;
  const sender = parseMailbox(message.from)?.name || message.accountName || message.fromDomain;
  return { accountId: message.accountId, topicId: message.topicId, email, messageId, sender };
}
