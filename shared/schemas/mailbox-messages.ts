// Messages in a hosted mailbox's inbox, read through the API (docs/mailboxes.md, "Reading mail").
import { z } from "zod";
import { paginationQuery, paginationSchema } from "./pagination";

export const mailboxMessageParams = z.object({ mailbox_id: z.string() });
export const mailboxMessageIdParams = z.object({ mailbox_id: z.string(), message_id: z.string() });
export const listMailboxMessagesQuery = paginationQuery;

export const mailboxMessageSummarySchema = z
  .object({
    /** Stable while the mailbox exists: `<uidvalidity>.<uid>` of the message in the inbox. */
    id: z.string(),
    from: z.string().nullable(),
    to: z.array(z.string()),
    subject: z.string().nullable(),
    receivedAt: z.iso.datetime(),
    size: z.number().int(),
    seen: z.boolean(),
  })
  .meta({ id: "MailboxMessageSummary" });

export const mailboxMessagePageSchema = z
  .object({ items: z.array(mailboxMessageSummarySchema), pagination: paginationSchema })
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

export const mailboxMessageDetailSchema = mailboxMessageSummarySchema
  .extend({
    cc: z.array(z.string()),
    replyTo: z.string().nullable(),
    date: z.iso.datetime().nullable(),
    headers: z.array(z.object({ name: z.string(), value: z.string() })),
    text: z.string().nullable(),
    html: z.string().nullable(),
    attachments: z.array(mailboxAttachmentSchema),
    authenticationResults: authenticationResultsSchema.nullable(),
  })
  .meta({ id: "MailboxMessage" });

export type MailboxMessageSummary = z.infer<typeof mailboxMessageSummarySchema>;
export type MailboxMessageDetail = z.infer<typeof mailboxMessageDetailSchema>;
