// Hands a read submission to the sending pipeline: Bcc recipients are the
// envelope's recipients that no header names, and a sender the credential may
// not use is refused with the reply of the MAIL stage.
import { AppError } from "@/server/errors";
import { SmtpReply } from "@/server/mail/reply-codes";
import { acceptSubmittedMessage } from "@/server/services/messages/accept-submitted-message";
import type { CheckedDomain } from "@/server/services/messages/sending-domain-of";
import { isTestSender } from "@/server/services/messages/test-sender";
import { addressOf } from "@/shared/schemas/messages";
import { maySendAs, type SubmissionPrincipal } from "./authenticate-submission";
import type { ReadSubmission } from "./submitted-message";

export async function acceptSubmission(
  principal: SubmissionPrincipal,
  envelope: { from: string; to: string[] },
  message: ReadSubmission,
  checkedDomain: CheckedDomain | null = null,
): Promise<{ id: string }> {
  if (!maySendAs(principal, message.fromAddress)) {
    throw new SmtpReply("senderNotAllowed", "the From header must be the mailbox's address or one of its aliases");
  }
  const named = new Set([...message.to, ...message.cc].map((mailbox) => addressOf(mailbox)?.toLowerCase()));
  try {
    return await acceptSubmittedMessage(principal, {
      envelope,
      raw: message.raw,
      summary: {
        from: message.from,
        to: message.to,
        cc: message.cc,
        bcc: envelope.to.filter((address) => !named.has(address.toLowerCase())),
        replyTo: message.replyTo,
        subject: message.subject,
        messageIdHeader: message.messageIdHeader,
      },
      tags: message.tags,
      idempotencyKey: message.idempotencyKey,
      topicId: message.topicId,
      requestHash: message.fingerprint,
      source: "smtp",
      checkedDomain,
    });
  } catch (error) {
    // The test sender's reasons (own address only, a proven address) are the API's, word for word.
    if (error instanceof AppError && error.code === "forbidden" && isTestSender(message.fromAddress)) {
      throw new SmtpReply("testSenderNotAllowed", error.message);
    }
    if (error instanceof AppError && error.code === "not_found")
      throw new SmtpReply("unknownTopic", `${message.topicId} is not a topic of this account`);
    if (error instanceof AppError && (error.code === "validation_error" || error.code === "forbidden")) {
      throw new SmtpReply("senderNotAllowed", "the From header must be on a verified domain this credential may send from");
    }
    throw error;
  }
}
