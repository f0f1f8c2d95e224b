// The sending API's messages: what integrators send and what they read back.
// Names follow Resend/Postmark habits in this API's camelCase (docs/sending-api.md).
import { z } from "zod";
import { attachmentInput, attachmentSchema } from "./message-attachments";
import { ONE_LINE } from "./line-breaks";
import { formatMailbox, parseMailbox } from "./mail-address";
import { paginationQuery, paginationSchema } from "./pagination";
import { reservedHeaderKind } from "./reserved-headers";
import { sendTemplateField } from "./templates";
import { topicIdField } from "./topics";

export const MAX_RECIPIENTS = 50;

/** The doors a message can come through, as the message log shows them. */
export const messageSources = ["api", "smtp", "portal", "webmail", "mailbox_forward", "mailbox_reply"] as const;
export type MessageSource = (typeof messageSources)[number];
export const deliveredVias = ["relay", "service", "mailbox", "dev_mailbox"] as const;
export type DeliveredVia = (typeof deliveredVias)[number];
const MAX_ATTACHMENTS = 50;
export const MAX_SCHEDULE_AHEAD_MS = 30 * 24 * 60 * 60 * 1000;

// One mailbox per field or list item, read by a real address parser and
// stored in canonical form (shared/schemas/mail-address.ts): several mailboxes,
// groups and names that imitate an address are refused.
export { addressOf } from "./mail-address";

const mailbox = z
  .string()
  .trim()
  .max(320, "An address is at most 320 characters")
  .transform((value, context) => {
    const parsed = parseMailbox(value);
    if (parsed) return formatMailbox(parsed);
    context.addIssue({ code: "custom", message: "Use one address like ada@example.com or “Ada <ada@example.com>” (no lists or groups)" });
    return z.NEVER;
  });

const mailboxes = z.union([mailbox.transform((value) => [value]), z.array(mailbox).max(MAX_RECIPIENTS)]);

// Headers a customer may not set here: the ones the API writes from its own
// fields, and those only the service or receiving servers write (one list for
// every door: shared/schemas/reserved-headers.ts).
const isReservedHeader = (name: string) => reservedHeaderKind(name) !== null;

const headers = z
  .record(
    z.string().regex(/^[A-Za-z0-9-]{1,76}$/, "Header names are letters, digits and dashes"),
    z
      .string()
      .max(998, "A header value is at most 998 characters")
      .regex(ONE_LINE, "Header values cannot contain line breaks or NUL characters"),
  )
  .refine((value) => Object.keys(value).length <= 20, "At most 20 custom headers")
  .refine((value) => Object.keys(value).every((name) => !isReservedHeader(name)), "Set this header with its own field, not in headers");

// Line breaks in a body are written as CRLF when the message is built; a NUL is refused (shared/schemas/line-breaks.ts).
const body = z
  .string()
  .min(1)
  .refine((value) => !value.includes("\0"), "Cannot contain NUL characters");

export const tagSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Tag names are 1-64 letters, digits, _ or -"),
  value: z.string().regex(/^[A-Za-z0-9_-]{1,256}$/, "Tag values are 1-256 letters, digits, _ or -"),
});

/** A message's subject, as every door that writes one takes it. */
export const messageSubject = z
  .string()
  .trim()
  .min(1, "Subject is required")
  .max(998, "Subject is at most 998 characters")
  .regex(ONE_LINE, "Subject cannot contain line breaks or NUL characters");

export const sendMessageBody = z
  .strictObject({
    from: mailbox.meta({
      description:
        "One mailbox on a verified domain of the account, e.g. `Acme <billing@acme.example>`. Lists, groups and display names that look like an address are refused; every address field takes one mailbox per item.",
    }),
    to: mailboxes,
    cc: mailboxes.optional(),
    bcc: mailboxes.optional(),
    replyTo: mailboxes.optional(),
    subject: messageSubject.optional().meta({ description: "Required, unless `template` gives it." }),
    html: body.optional(),
    text: body.optional(),
    headers: headers.optional(),
    tags: z.array(tagSchema).max(10, "At most 10 tags").optional(),
    trackOpens: z.boolean().default(false).meta({ description: "Add an open-tracking pixel to the HTML." }),
    trackClicks: z.boolean().default(false).meta({ description: "Send HTML links through a click-tracking redirect." }),
    attachments: z.array(attachmentInput).max(MAX_ATTACHMENTS, `At most ${MAX_ATTACHMENTS} attachments`).optional(),
    scheduledAt: z.iso
      .datetime({ offset: true, message: "scheduledAt is an ISO date-time, e.g. 2030-01-01T09:00:00Z" })
      .optional()
      .meta({ description: "Hand the message off at this time (at most 30 days ahead) instead of now: status `scheduled` until then." }),
    topicId: topicIdField.optional(),
    template: sendTemplateField.optional().meta({
      description:
        "A stored template (`GET /sending/templates`) to render with `variables`, instead of `subject`, `html` and `text`; `version` pins one (the latest by default). Variables that fail its schema are 400 at `template.variables.…`.",
    }),
  })
  .superRefine((body, context) => {
    if (body.template) {
      for (const field of ["subject", "html", "text"] as const)
        if (body[field] !== undefined)
          context.addIssue({ code: "custom", path: [field], message: `Give ${field} or a template, not both: the template writes it` });
    } else if (body.subject === undefined) context.addIssue({ code: "custom", path: ["subject"], message: "Subject is required" });
    const ownUnsubscribe = Object.keys(body.headers ?? {}).find((name) => /^list-unsubscribe(-post)?$/i.test(name));
    if (body.topicId && ownUnsubscribe)
      context.addIssue({
        code: "custom",
        path: ["headers", ownUnsubscribe],
        message: "A send with a topic gets its List-Unsubscribe from the service; leave this header out",
      });
    if (!body.template && !body.html && !body.text)
      context.addIssue({ code: "custom", path: ["text"], message: "Give html, text, or both" });
    const count = body.to.length + (body.cc?.length ?? 0) + (body.bcc?.length ?? 0);
    if (count > MAX_RECIPIENTS)
      context.addIssue({ code: "custom", path: ["to"], message: `At most ${MAX_RECIPIENTS} recipients in to, cc and bcc together` });
    if (body.to.length === 0) context.addIssue({ code: "custom", path: ["to"], message: "At least one recipient" });
    if (body.scheduledAt && Date.parse(body.scheduledAt) > Date.now() + MAX_SCHEDULE_AHEAD_MS) {
      context.addIssue({ code: "custom", path: ["scheduledAt"], message: "scheduledAt is at most 30 days ahead" });
    }
  })
  .meta({
    id: "SendMessageRequest",
    // The reference's curl and Node examples start from this, so they send as they stand.
    examples: [{ from: "Acme <hello@acme.example>", to: "ada@example.com", subject: "Your receipt", text: "Thank you for your order." }],
  });

/** A send as the API takes it: its own content, or a template to render. */
export type SendMessageRequest = z.output<typeof sendMessageBody>;
/** A send with its content: the request's own, or its template's rendering (server/services/messages/send-message.ts). */
export type SendMessageInput = Omit<SendMessageRequest, "subject" | "template"> & { subject: string };

export const messageStatuses = ["scheduled", "queued", "sent", "delivered", "bounced", "failed", "suppressed", "canceled"] as const;
export const recipientStatuses = ["queued", "sent", "delivered", "deferred", "bounced", "expired", "suppressed"] as const;
export const messageEventTypes = [
  "scheduled",
  "queued",
  "deferred",
  "delivery_delayed",
  "sent",
  "delivered",
  "expired",
  "bounced",
  "complained",
  "suppressed",
  "failed",
  "canceled",
  "opened",
  "clicked",
  "unsubscribed",
] as const;

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
    deliveredVia: z.enum(deliveredVias).nullable().meta({
      description:
        "Where the message was handed on: `relay` (the account's SMTP relay), `service` (the service's own delivery), `mailbox` (every recipient is a hosted mailbox here), `dev_mailbox` (the local dev mailbox outside production: nothing left the machine).",
    }),
    source: z.enum(messageSources).meta({
      description:
        "How the message reached the service: `api` (the REST API), `smtp` (SMTP submission), `portal` (sent from the portal, such as its test email), `webmail`, `mailbox_forward` (a mailbox's rule forwarded it) or `mailbox_reply` (a mailbox's automatic reply, such as its vacation notice, which does not count against the plan's quota).",
    }),
    attachmentCount: z.number().int(),
    size: z.number().int().nullable().meta({
      description: "Bytes of the message as sent (before the DKIM signature); null until it is built for its first delivery attempt.",
    }),
    scheduledAt: z.iso.datetime().nullable(),
    topicId: z.string().nullable().meta({ description: "The topic it was sent about; null: transactional mail." }),
    template: z
      .object({ id: z.string(), version: z.number().int() })
      .nullable()
      .meta({ description: "The stored template and version it was rendered from; null: its own subject and body." }),
    createdAt: z.iso.datetime(),
    sentAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "Message" });

export const messageEventSchema = z
  .object({ type: z.enum(messageEventTypes), detail: z.record(z.string(), z.unknown()), createdAt: z.iso.datetime() })
  .meta({ id: "MessageEvent" });

export const recipientTlsSchema = z
  .object({
    protocol: z.string().nullable().meta({ description: "The TLS version, e.g. `TLSv1.3`; null: the delivery went unencrypted." }),
    verified: z.boolean().meta({ description: "Whether the server's certificate was verified." }),
    policy: z.enum(["none", "may", "mta-sts", "dane"]).meta({ description: "The TLS policy applied to the destination." }),
  })
  .meta({ id: "RecipientTls" });

export const messageRecipientSchema = z
  .object({
    email: z.string().meta({ description: "The recipient's address, lower case." }),
    status: z.enum(recipientStatuses).meta({
      description:
        "`queued`: not handed off yet; `sent`: the next hop took it; `delivered`: the recipient's server took it (the service's own MTA logged its answer, or a delivery report says so), or a hosted mailbox of this service did; `deferred`: being retried; `bounced`: refused; `expired`: given up after the retries ran out; `suppressed`: dropped at acceptance.",
    }),
    updatedAt: z.iso.datetime(),
    remoteMta: z.string().nullable().meta({
      description:
        "The server that took it: `host[ip]:port` from the service's Postfix, else the delivery report's Remote-MTA; for a hosted mailbox of this service, its mail store.",
    }),
    diagnostic: z.string().nullable().meta({ description: "The last reply or report text about this recipient." }),
    tls: recipientTlsSchema.nullable().meta({
      description:
        "TLS of the delivery through the service's Postfix (`protocol` null: the server offered none); null when unknown (a relay, SMTP_URL, or a hosted mailbox: no network hop).",
    }),
  })
  .meta({ id: "MessageRecipient" });

export type MessageRecipient = z.infer<typeof messageRecipientSchema>;

export const messageDetailSchema = messageSummarySchema
  .extend({
    html: z.string().nullable(),
    text: z.string().nullable(),
    headers: z.record(z.string(), z.string()),
    attachments: z.array(attachmentSchema),
    recipients: z.array(messageRecipientSchema).meta({ description: "Each recipient's outcome, in the order of to, cc and bcc." }),
    events: z.array(messageEventSchema),
  })
  .meta({ id: "MessageDetail" });

export type MessageSummary = z.infer<typeof messageSummarySchema>;

/** A tag filter: messages with a tag of this name, or of this name and value. */
export const messageTagFilter = z.string().regex(/^[A-Za-z0-9_-]{1,64}(:[A-Za-z0-9_-]{1,256})?$/, "tag is name or name:value");

export const listMessagesQuery = paginationQuery.extend({
  status: z.enum(messageStatuses).optional(),
  tag: messageTagFilter.optional(),
  to: z.string().trim().max(320).optional().meta({ description: "Messages with this recipient address (to, cc or bcc)." }),
  search: z.string().trim().min(1).max(200).optional().meta({ description: "Messages whose subject or a recipient contains this text." }),
  since: z.iso.datetime({ offset: true }).optional().meta({ description: "Messages created at or after this time." }),
  until: z.iso.datetime({ offset: true }).optional().meta({ description: "Messages created before this time." }),
});

export const messagePageSchema = z
  .object({ items: z.array(messageSummarySchema), pagination: paginationSchema })
  .meta({ id: "MessagePage" });

export const messageIdParams = z.object({ message_id: z.string() });

export const cancelMessageBody = z.strictObject({}).meta({ id: "CancelMessageRequest" });

export const rescheduleMessageBody = z
  .strictObject({
    scheduledAt: z.iso.datetime({ offset: true, message: "scheduledAt is an ISO date-time, e.g. 2030-01-01T09:00:00Z" }),
  })
  .meta({ id: "RescheduleMessageRequest" });

export const idempotencyKeyHeader = z.string().regex(/^[\x21-\x7e]{1,255}$/, "Idempotency-Key is 1-255 visible ASCII characters");

/** The headers of an operation that takes an Idempotency-Key. */
export const idempotencyHeaders = z.object({
  "Idempotency-Key": idempotencyKeyHeader.optional().meta({
    description:
      "Retry safely: for 24 hours the same key with the same body answers with the first result (header `Idempotent-Replayed: true`); with another body, 409 `idempotency_conflict`.",
  }),
});
