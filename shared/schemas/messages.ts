// The sending API's messages: what integrators send and what they read back.
// Names follow Resend/Postmark habits in this API's camelCase (contract §11).
import { z } from "zod";
import { paginationQuery, paginationSchema } from "./pagination";

const MAX_RECIPIENTS = 50;

// "ada@example.com" or "Ada Lovelace <ada@example.com>"; never a line break (header injection).
const NAMED_MAILBOX = /^([^<>\r\n]*)<([^<>]+)>$/;
const BARE_ADDRESS = /^[^\s<>@",;]+@[A-Za-z0-9.-]+\.[A-Za-z0-9-]{2,}$/;

/** The bare address of a mailbox string, domain lower-cased; null when it is not one. */
export function addressOf(mailbox: string): string | null {
  const value = mailbox.trim();
  if (/[\r\n]/.test(value)) return null;
  const address = (NAMED_MAILBOX.exec(value)?.[2] ?? value).trim();
  if (!BARE_ADDRESS.test(address)) return null;
  const at = address.lastIndexOf("@");
  return `${address.slice(0, at)}@${address.slice(at + 1).toLowerCase()}`;
}

const mailbox = z
  .string()
  .trim()
  .max(320, "An address is at most 320 characters")
  .refine((value) => addressOf(value) !== null, "Use an address like ada@example.com or “Ada <ada@example.com>”");

const mailboxes = z.union([mailbox.transform((value) => [value]), z.array(mailbox).max(MAX_RECIPIENTS)]);

const RESERVED_HEADERS = new Set([
  "from", "to", "cc", "bcc", "subject", "reply-to", "sender", "date", "message-id", "mime-version",
  "content-type", "content-transfer-encoding", "dkim-signature", "return-path", "received",
]);

const headers = z
  .record(
    z.string().regex(/^[A-Za-z0-9-]{1,76}$/, "Header names are letters, digits and dashes"),
    z.string().max(998, "A header value is at most 998 characters").regex(/^[^\r\n]*$/, "Header values cannot contain line breaks"),
  )
  .refine((value) => Object.keys(value).length <= 20, "At most 20 custom headers")
  .refine((value) => Object.keys(value).every((name) => !RESERVED_HEADERS.has(name.toLowerCase())), "Set this header with its own field, not in headers");

const tag = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Tag names are 1-64 letters, digits, _ or -"),
  value: z.string().regex(/^[A-Za-z0-9_-]{1,256}$/, "Tag values are 1-256 letters, digits, _ or -"),
});

export const sendMessageBody = z
  .strictObject({
    from: mailbox.meta({ description: "On a verified domain of the account, e.g. `Acme <billing@acme.example>`." }),
    to: mailboxes,
    cc: mailboxes.optional(),
    bcc: mailboxes.optional(),
    replyTo: mailboxes.optional(),
    subject: z.string().trim().min(1, "Subject is required").max(998, "Subject is at most 998 characters").regex(/^[^\r\n]*$/, "Subject cannot contain line breaks"),
    html: z.string().min(1).optional(),
    text: z.string().min(1).optional(),
    headers: headers.optional(),
    tags: z.array(tag).max(10, "At most 10 tags").optional(),
    trackOpens: z.boolean().default(false).meta({ description: "Add an open-tracking pixel to the HTML." }),
    trackClicks: z.boolean().default(false).meta({ description: "Send HTML links through a click-tracking redirect." }),
  })
  .superRefine((body, context) => {
    if (!body.html && !body.text) context.addIssue({ code: "custom", path: ["text"], message: "Give html, text, or both" });
    const count = body.to.length + (body.cc?.length ?? 0) + (body.bcc?.length ?? 0);
    if (count > MAX_RECIPIENTS) context.addIssue({ code: "custom", path: ["to"], message: `At most ${MAX_RECIPIENTS} recipients in to, cc and bcc together` });
    if (body.to.length === 0) context.addIssue({ code: "custom", path: ["to"], message: "At least one recipient" });
  })
  .meta({
    id: "SendMessageRequest",
    // The reference's curl and Node examples start from this, so they send as they stand.
    examples: [{ from: "Acme <hello@acme.example>", to: "ada@example.com", subject: "Your receipt", text: "Thank you for your order." }],
  });

export type SendMessageInput = z.output<typeof sendMessageBody>;

export const messageStatuses = ["queued", "sent", "failed"] as const;
export const messageEventTypes = ["queued", "deferred", "sent", "failed", "opened", "clicked"] as const;

export const messageSummarySchema = z
  .object({
    id: z.string(),
    from: z.string(),
    to: z.array(z.string()),
    cc: z.array(z.string()),
    bcc: z.array(z.string()),
    replyTo: z.array(z.string()),
    subject: z.string(),
    status: z.enum(messageStatuses),
    tags: z.array(z.object({ name: z.string(), value: z.string() })),
    domainId: z.string().nullable(),
    trackOpens: z.boolean(),
    trackClicks: z.boolean(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    deliveredVia: z.enum(["relay", "service"]).nullable(),
    createdAt: z.iso.datetime(),
    sentAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "Message" });

export const messageEventSchema = z
  .object({ type: z.enum(messageEventTypes), detail: z.record(z.string(), z.unknown()), createdAt: z.iso.datetime() })
  .meta({ id: "MessageEvent" });

export const messageDetailSchema = messageSummarySchema
  .extend({
    html: z.string().nullable(),
    text: z.string().nullable(),
    headers: z.record(z.string(), z.string()),
    events: z.array(messageEventSchema),
  })
  .meta({ id: "MessageDetail" });

export type MessageSummary = z.infer<typeof messageSummarySchema>;

export const listMessagesQuery = paginationQuery
  .extend({
    status: z.enum(messageStatuses).optional(),
    tag: z.string().regex(/^[A-Za-z0-9_-]{1,64}(:[A-Za-z0-9_-]{1,256})?$/, "tag is name or name:value").optional(),
    to: z.string().trim().max(320).optional().meta({ description: "Messages with this recipient address (to, cc or bcc)." }),
  });

export const messagePageSchema = z.object({ items: z.array(messageSummarySchema), pagination: paginationSchema }).meta({ id: "MessagePage" });

export const messageIdParams = z.object({ message_id: z.string() });

export const idempotencyKeyHeader = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, "Idempotency-Key is 1-255 visible ASCII characters");
