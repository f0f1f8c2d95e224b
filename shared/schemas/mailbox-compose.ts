// Writing mail from a hosted mailbox through the API (docs/webmail.md,
// "Sending" and "Drafts"): the sending API's fields, sent as the mailbox,
// plus the message it answers or forwards and the draft it came from.
import { z } from "zod";
import { ONE_LINE } from "./line-breaks";
import { messageDetailSchema, messageSubject, sendMessageBody } from "./messages";

const fields = sendMessageBody.shape;

/** The id of a message of this mailbox, as the webmail's lists answer it. */
const messageRef = (description: string) =>
  z.string().trim().min(1, "a message id is required").max(500, "a message id is at most 500 characters").meta({ description });

const composeFields = {
  from: fields.from.optional().meta({
    description: "The mailbox's own address (the default) or an alias of it, with a display name if wanted: `Ada <ada@example.com>`.",
  }),
  to: fields.to,
  cc: fields.cc,
  bcc: fields.bcc,
  attachments: fields.attachments,
  inReplyTo: messageRef(
    "Answer this message of the mailbox: `In-Reply-To` and `References` are set from it. Reply-all is a reply with its recipients in `to` and `cc`.",
  ).optional(),
  forwardOf: messageRef("Forward this message of the mailbox: its attachments are sent along, byte for byte.").optional(),
  draftId: messageRef("The draft this message was written in: deleted from Drafts once the message is sent.").optional(),
};

const oneOfReplyOrForward = (body: { inReplyTo?: string; forwardOf?: string }, context: z.RefinementCtx) => {
  if (body.inReplyTo && body.forwardOf)
    context.addIssue({ code: "custom", path: ["forwardOf"], message: "A message answers or forwards another one, not both" });
};

export const mailboxSendBody = z
  .strictObject({ ...composeFields, subject: messageSubject, html: fields.html, text: fields.text })
  .superRefine((body, context) => {
    if (!body.html && !body.text) context.addIssue({ code: "custom", path: ["text"], message: "Give html, text, or both" });
    if (body.to.length === 0) context.addIssue({ code: "custom", path: ["to"], message: "At least one recipient" });
    oneOfReplyOrForward(body, context);
  })
  .meta({
    id: "MailboxSendRequest",
    examples: [{ to: "grace@example.org", subject: "Re: Lunch on Friday", text: "Noon works.", inReplyTo: "MTIzNDU2Nzg5MGFiY2RlZg" }],
  });

export type MailboxSendInput = z.output<typeof mailboxSendBody>;

/** A draft may be empty: every field is optional, and a subject or body may be blank. */
const draftBody = z
  .string()
  .refine((value) => !value.includes("\0"), "Cannot contain NUL characters")
  .optional();

const { draftId: _notForDrafts, ...draftFields } = composeFields;

export const mailboxDraftBody = z
  .strictObject({
    ...draftFields,
    to: fields.to.optional(),
    subject: z
      .string()
      .trim()
      .max(998, "Subject is at most 998 characters")
      .regex(ONE_LINE, "Subject cannot contain line breaks or NUL characters")
      .optional(),
    html: draftBody,
    text: draftBody,
  })
  .superRefine(oneOfReplyOrForward)
  .meta({ id: "MailboxDraftRequest" });

export type MailboxDraftInput = z.output<typeof mailboxDraftBody>;

export const mailboxSendParams = z.object({ mailbox_id: z.string() });
export const mailboxDraftParams = z.object({ mailbox_id: z.string(), draft_id: z.string().max(500) });

export const mailboxSentMessageSchema = messageDetailSchema
  .extend({
    /** The copy in the mailbox's Sent folder (its id in the message list), null if it could not be stored. */
    sentCopyId: z.string().nullable(),
  })
  .meta({ id: "MailboxSentMessage" });

export const mailboxDraftSchema = z
  .object({
    /** The draft's message id in the Drafts folder (a new one after each save). */
    id: z.string(),
  })
  .meta({ id: "MailboxDraft" });
