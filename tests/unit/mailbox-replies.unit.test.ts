// One table of the replies for a hosted mailbox that does not take a message:
// the MX answers with it, the hosted route reads refused copies with it.
import { describe, expect, it } from "vitest";
import { SmtpReply, smtpReplies } from "@/server/mail/reply-codes";
import { isTemporaryReply, MailboxDeliveryRefused, mailboxReplies } from "@/server/services/mailbox-delivery/mailbox-replies";

describe("the mailbox refusal replies", () => {
  it("are the MX's own replies, code and text", () => {
    for (const [name, reply] of Object.entries(mailboxReplies)) expect(smtpReplies[name as keyof typeof smtpReplies]).toBe(reply);
  });

  it("are temporary exactly when their code is 4xx", () => {
    expect(Object.keys(mailboxReplies).filter((name) => isTemporaryReply(name as keyof typeof mailboxReplies))).toEqual([
      "temporaryFailure",
      "mailboxFull",
      "spamDeferred",
      "spamFilterUnavailable",
    ]);
  });

  it("read the same as an error of the service and as the MX's reply", () => {
    const refused = new MailboxDeliveryRefused("spamRejected", "Gtube pattern");
    expect(refused.message).toBe(new SmtpReply(refused.reply, refused.detail).message);
    expect(refused.message).toBe("5.7.1 Message rejected as spam: Gtube pattern");
  });
});
