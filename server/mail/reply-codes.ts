// Every reply our mail listeners originate, in one table, the way
// server/http/errors.ts is the one table of HTTP statuses. Texts lead with the
// RFC 3463 enhanced code, as Postfix's do, so clients and operators recognise
// them (docs/smtp.md lists them for customers).
import type { AppError } from "@/server/errors";
import { mailboxReplies } from "@/server/services/mailbox-delivery/mailbox-replies";
import type { ErrorCode } from "@/shared/api/errors";

export const smtpReplies = {
  queued: { code: 250, text: "2.0.0 Ok: queued as" },
  authRequired: { code: 530, text: "5.7.0 Authentication required" },
  encryptionRequired: { code: 538, text: "5.7.11 Encryption required for requested authentication mechanism" },
  badCredentials: { code: 535, text: "5.7.8 Authentication credentials invalid" },
  tooManyAuthFailures: { code: 421, text: "4.7.0 Too many failed logins; try again later" },
  senderNotAllowed: { code: 553, text: "5.7.1 Sender address is not on a verified domain this credential may send from" },
  testSenderNotAllowed: { code: 553, text: "5.7.1 Not allowed with the test sender" },
  tooManyRecipients: { code: 452, text: "4.5.3 Too many recipients" },
  messageTooLarge: { code: 552, text: "5.3.4 Message size exceeds fixed limit" },
  rateLimited: { code: 451, text: "4.7.1 Sending rate limit reached; try again later" },
  quotaExceeded: { code: 554, text: "5.7.0 Sending quota exhausted for this period; upgrade the plan or buy credits" },
  invalidMessage: { code: 554, text: "5.6.0 Message headers are not valid" },
  idempotencyConflict: { code: 554, text: "5.6.0 This idempotency key was used for a different message in the last 24 hours" },
  unknownTopic: { code: 554, text: "5.6.0 X-CES-Topic names no topic of this account" },
  badRecipient: { code: 501, text: "5.1.3 Bad recipient address syntax" },
  tooManyConnections: { code: 421, text: "4.7.0 Too many connections from your address; try again later" },
  busy: { code: 451, text: "4.3.2 Server busy; try again later" },
  // Sessions our listeners end (server/mail/listener/smtp-connections.ts, mx/mx-connection-guard.ts).
  sessionTimeLimit: { code: 421, text: "4.4.2 Session time limit reached" },
  idleTimeout: { code: 421, text: "4.4.2 Idle too long; closing the connection" },
  idleShed: { code: 421, text: "4.7.0 Server busy and this session idle; closing the connection" },
  // The MX (docs/bounces.md, "Inbound MX").
  received: { code: 250, text: "2.0.0 Ok" },
  unknownRecipient: { code: 550, text: "5.1.1 No such recipient here" },
  tooManyRefusedRecipients: { code: 421, text: "4.7.0 Too many unknown recipients; closing the connection" },
  inboundRateLimited: { code: 451, text: "4.7.1 Too many messages from your address; try again later" },
  invalidStructure: { code: 554, text: "5.6.0 Message structure is not valid" },
  invalidDmarcReport: { code: 550, text: "5.6.0 Not a DMARC aggregate report this address can take" },
  dmarcReportTooLarge: { code: 552, text: "5.3.4 DMARC reports are at most 10 MB" },
  dmarcRejected: { code: 550, text: "5.7.1 Rejected by the DMARC policy (p=reject) of the sender's domain" },
  authenticationUnfinished: { code: 451, text: "4.7.0 Sender authentication checks did not finish; try again later" },
  // A hosted mailbox that does not take the message (storage down, full, unknown, the block lists, the spam
  // filter): the one table the hosted route reads too. temporaryFailure is also the reply for anything unexpected.
  ...mailboxReplies,
} as const satisfies Record<string, { code: number; text: string }>;

export type SmtpReplyName = keyof typeof smtpReplies;

/** An error smtp-server sends as the reply; `detail` is appended to the standard text. */
export class SmtpReply extends Error {
  readonly responseCode: number;

  constructor(
    readonly reply: SmtpReplyName,
    detail?: string,
  ) {
    const { code, text } = smtpReplies[reply];
    super(detail ? `${text}: ${detail}` : text);
    this.name = "SmtpReply";
    this.responseCode = code;
  }
}

/** The reply for a service error; anything unexpected is a temporary failure, so the client retries and nothing is lost. */
const replyOfCode: Partial<Record<ErrorCode, SmtpReplyName>> = {
  unauthorized: "badCredentials",
  forbidden: "senderNotAllowed",
  quota_exceeded: "quotaExceeded",
  rate_limited: "rateLimited",
  payload_too_large: "messageTooLarge",
  idempotency_conflict: "idempotencyConflict",
};

export function smtpReplyFor(error: unknown): SmtpReply {
  if (error instanceof SmtpReply) return error;
  const appError = error as Partial<AppError>;
  const name = appError.code ? replyOfCode[appError.code] : undefined;
  return new SmtpReply(name ?? "temporaryFailure");
}
