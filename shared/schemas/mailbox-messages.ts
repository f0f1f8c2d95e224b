// Messages in a hosted mailbox's inbox, read through the API (docs/mailboxes.md, "Reading mail").
import { z } from "zod";
import { folderNameSchema } from "./mailbox-folders";
import { messageRecipientSchema, messageStatuses } from "./messages";
import { paginationQuery, paginationSchema } from "./pagination";

export const mailboxMessageParams = z.object({ mailbox_id: z.string() });
export const mailboxMessageIdParams = z.object({ mailbox_id: z.string(), message_id: z.string().max(500) });

/** `true` or `false` in a query string; anything else is 400. */
const queryFlag = (name: string) =>
  z
    .enum(["true", "false"], { error: `${name} is true or false` })
    .transform((value) => value === "true")
    .optional();

const queryDate = (name: string) =>
  z.iso
    .date({ error: `${name} is a date, e.g. 2026-01-31` })
    .optional()
    .meta({ description: `${name} (a calendar date, UTC).` });

/** `<uidvalidity>.<uid>` of the last message of the previous page; only this API makes one. */
export const messageCursorSchema = z
  .string()
  .regex(/^\d{1,20}\.\d{1,10}$/, "cursor must be a nextCursor returned by this list")
  .meta({ description: "`nextCursor` of the previous page: the messages after it." });

export const listMailboxMessagesQuery = paginationQuery
  .extend({
    folder: folderNameSchema.default("INBOX"),
    cursor: messageCursorSchema.optional(),
    q: z.string().trim().min(1, "q cannot be empty").max(200, "q is at most 200 characters").optional().meta({
      description: "Words searched in from, to, subject and body (IMAP SEARCH in Dovecot).",
    }),
    allFolders: queryFlag("allFolders").meta({
      description:
        "Search every folder but Junk and Trash instead of `folder` (needs `q` or a filter): each item names its `folder`, newest first by arrival, paged by `page` (no `nextCursor`).",
    }),
    unseen: queryFlag("unseen"),
    flagged: queryFlag("flagged"),
    hasAttachment: queryFlag("hasAttachment"),
    since: queryDate("since"),
    before: queryDate("before"),
  })
  .superRefine((query, context) => {
    if (!query.allFolders) return;
    const narrowed =
      query.q ||
      query.unseen !== undefined ||
      query.flagged !== undefined ||
      query.hasAttachment !== undefined ||
      query.since ||
      query.before;
    if (!narrowed) context.addIssue({ code: "custom", path: ["allFolders"], message: "allFolders searches: give q or a filter" });
    if (query.cursor) context.addIssue({ code: "custom", path: ["cursor"], message: "an allFolders search pages by page, not cursor" });
  });
export type ListMailboxMessagesQuery = z.infer<typeof listMailboxMessagesQuery>;

export const getMailboxMessageQuery = z.object({
  folder: folderNameSchema.optional().meta({
    description: "Where the message was seen (the list's `folder`): searched first, so it opens without looking through the others.",
  }),
  uid: z.coerce
    .number({ error: "uid must be a whole number from 1 to 4294967295" })
    .int("uid must be a whole number from 1 to 4294967295")
    .min(1, "uid must be a whole number from 1 to 4294967295")
    .max(4_294_967_295, "uid must be a whole number from 1 to 4294967295")
    .optional()
    .meta({
      description:
        "The list's `uid` for the message in `folder`: it opens without a search. One that no longer names this message (moved since) is only slower.",
    }),
});

export const updateMailboxMessageBody = z
  .object({
    seen: z.boolean().optional(),
    flagged: z.boolean().optional(),
    /** Moves the message into this folder; its id stays the same. */
    folder: folderNameSchema.optional(),
  })
  .meta({ id: "MailboxMessageUpdate" });

/** What became of a message sent from the mailbox through the service, read live from its sending record. */
export const sentMessageDeliverySchema = z
  .object({
    status: z.enum(messageStatuses),
    recipients: z.array(messageRecipientSchema),
  })
  .meta({ id: "SentMessageDelivery" });

export const mailboxMessageSummarySchema = z
  .object({
    /** Stable while the message exists, also when it moves to another folder (docs/webmail.md, "Message ids"). */
    id: z.string(),
    folder: z.string(),
    /** Its IMAP UID in `folder`: changes when the message moves; pass it back to open the message faster. */
    uid: z.number().int(),
    /** The same for every message of one conversation (from References / In-Reply-To). */
    threadId: z.string(),
    from: z.string().nullable(),
    to: z.array(z.string()),
    subject: z.string().nullable(),
    /** The start of the text, made by Dovecot. */
    preview: z.string(),
    receivedAt: z.iso.datetime(),
    size: z.number().int(),
    seen: z.boolean(),
    flagged: z.boolean(),
    hasAttachments: z.boolean(),
    /**
     * In Sent: the sending message this is the copy of (`GET /sending/messages/{id}`), whether the webmail stored it or
     * a mail client that submitted the message over SMTP; null elsewhere and for mail sent by other means.
     */
    sendingMessageId: z.string().nullable(),
    /** In Sent: that message's status and each recipient's outcome now; null when sendingMessageId is. */
    delivery: sentMessageDeliverySchema.nullable(),
  })
  .meta({ id: "MailboxMessageSummary" });

export const updatedMailboxMessageSchema = mailboxMessageSummarySchema
  .extend({
    /**
     * What the move taught the spam filter: into Junk "spam", out of Junk (not into Trash) "ham"; null when it
     * taught nothing (no move of that kind, no learning backend, the account's lessons for the hour spent, or rspamd
     * could not be reached: docs/webmail.md).
     */
    learned: z.enum(["spam", "ham"]).nullable(),
  })
  .meta({ id: "MailboxMessageUpdated" });

export const mailboxMessagePageSchema = z
  .object({
    items: z.array(mailboxMessageSummarySchema),
    /** Pass as `cursor` for the next page; null on the last one. */
    nextCursor: z.string().nullable(),
    pagination: paginationSchema,
  })
  .meta({ id: "MailboxMessagePage" });

export const mailboxAttachmentSchema = z
  .object({
    filename: z.string().nullable(),
    contentType: z.string(),
    size: z.number().int(),
    contentId: z.string().nullable(),
    /** Base64. */
    content: z.string(),
  })
  .meta({ id: "MailboxMessageAttachment" });

export const authenticationResultsSchema = z
  .object({
    /** The Authentication-Results header the service's MX added. */
    header: z.string(),
    spf: z.string().nullable(),
    dkim: z.string().nullable(),
    dmarc: z.string().nullable(),
  })
  .meta({ id: "AuthenticationResults" });

export const spamVerdictSchema = z
  .object({
    /** What the service's MX wrote in X-Spam-Status: spam, not spam, or not checked (rspamd was unavailable). */
    verdict: z.enum(["spam", "not_spam", "unchecked"]),
    score: z.number().nullable(),
    requiredScore: z.number().nullable(),
    /** Why it was not scored ("allow-listed", "filtering off", ...), when it says. */
    note: z.string().nullable(),
    /** rspamd's rules that scored (X-Spam-Symbols), highest first, at most 12. */
    symbols: z.array(z.object({ name: z.string(), score: z.number() })),
  })
  .meta({ id: "SpamVerdict" });

export const unsubscribeOptionSchema = z
  .union([z.object({ oneClick: z.literal(true), url: z.string() }), z.object({ mailto: z.string() })])
  .meta({ id: "UnsubscribeOption" });

export const unsubscribeResultSchema = z
  .object({
    method: z.enum(["one_click", "mailto"]),
    target: z.string().meta({ description: "The host the one-click request went to, or the address the unsubscribe email went to." }),
    messageId: z.string().nullable().meta({
      description: "The unsubscribe email, for `mailto` (follow it with `GET /sending/messages/{message_id}`); null for one-click.",
    }),
  })
  .meta({ id: "UnsubscribeResult" });

export const mailboxMessageDetailSchema = mailboxMessageSummarySchema
  .extend({
    cc: z.array(z.string()),
    /** Written on drafts and on the copies in Sent of messages sent through the API; empty otherwise. */
    bcc: z.array(z.string()),
    replyTo: z.string().nullable(),
    date: z.iso.datetime().nullable(),
    headers: z.array(z.object({ name: z.string(), value: z.string() })),
    text: z.string().nullable(),
    html: z.string().nullable(),
    attachments: z.array(mailboxAttachmentSchema),
    authenticationResults: authenticationResultsSchema.nullable(),
    /** The spam filter's verdict the MX recorded on the message (docs/spam-and-rules.md); null when it recorded none. */
    spam: spamVerdictSchema.nullable(),
    /** In Drafts, for a draft saved through the API: the message it answers or forwards, to send it with. */
    draft: z.object({ inReplyTo: z.string().nullable(), forwardOf: z.string().nullable() }).nullable(),
    unsubscribe: unsubscribeOptionSchema.nullable().meta({
      description:
        "How to stop this list mail, from its List-Unsubscribe header: a one-click https link (RFC 8058, with List-Unsubscribe-Post) or a mailto address; null when it has neither. `POST …/unsubscribe` uses it.",
    }),
  })
  .meta({ id: "MailboxMessage" });

export type MailboxMessageSummary = z.infer<typeof mailboxMessageSummarySchema>;
export type MailboxMessageDetail = z.infer<typeof mailboxMessageDetailSchema>;
export type MailboxMessagePage = z.infer<typeof mailboxMessagePageSchema>;
