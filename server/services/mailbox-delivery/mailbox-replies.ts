// The replies for a hosted mailbox that does not take a message, in one
// table: the MX gives them to the sending server (server/mail/reply-codes.ts
// takes them into its table of every reply), and the hosted route reads a
// refused copy with the same code and text, so a refusal reads the same
// whichever way the message came. Texts lead with the RFC 3463 enhanced code.
import type { MailboxRefusal } from "@/server/mail-store/lmtp/deliver-to-mailboxes";

export const mailboxReplies = {
  // Storage down or off, or anything unexpected: the sender retries and nothing is lost.
  temporaryFailure: { code: 451, text: "4.3.0 Temporary failure; try again later" },
  mailboxFull: { code: 452, text: "4.2.2 Mailbox full; try again later" },
  unknownMailbox: { code: 550, text: "5.1.1 No such mailbox here" },
  mailboxRefused: { code: 554, text: "5.3.0 The mailbox refused this message" },
  // The block lists and the spam filter (docs/spam-and-rules.md).
  spamRejected: { code: 550, text: "5.7.1 Message rejected as spam" },
  senderBlocked: { code: 550, text: "5.7.1 The recipient does not accept mail from this sender" },
  spamDeferred: { code: 451, text: "4.7.1 Try again later" },
  spamFilterUnavailable: { code: 451, text: "4.7.1 Spam filter unavailable; try again later" },
} as const satisfies Record<MailboxRefusal, { code: number; text: string }> & Record<string, { code: number; text: string }>;

export type MailboxReplyName = keyof typeof mailboxReplies;

export const isTemporaryReply = (name: MailboxReplyName) => mailboxReplies[name].code < 500;

/** The whole message refused for every mailbox it was for (the MX answers it with the reply of that name; `detail` follows its text). */
export class MailboxDeliveryRefused extends Error {
  override name = "MailboxDeliveryRefused";

  constructor(
    readonly reply: MailboxReplyName,
    readonly detail?: string,
  ) {
    super(detail ? `${mailboxReplies[reply].text}: ${detail}` : mailboxReplies[reply].text);
  }
}
