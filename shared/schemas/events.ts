// The event feed (docs/events.md): what one event looks like, per type, and the
// feed's query. The cursor is opaque to clients; this module alone reads it.
import { z } from "zod";
import { messageEventTypes, recipientTlsSchema } from "./messages";
import { subscriptionSources, subscriptionStatuses } from "./topics";

/** Message events as the feed names them: `message.<type of the message's own event>`. */
type MessageFeedType = `message.${(typeof messageEventTypes)[number]}`;
const messageFeedTypes = messageEventTypes.map((type) => `message.${type}`) as MessageFeedType[];
const otherFeedTypes = [
  "suppression.added",
  "suppression.removed",
  "domain.verified",
  "domain.failed",
  "domain.dmarc_report",
  "domain.reputation_warning",
  "mailbox.received",
  "mailbox.rejected",
  "mailbox.vacation_sent",
  "mailbox.forwarded",
  "mailbox.unsubscribed",
  "subscription.changed",
] as const;

export const eventTypes = [...messageFeedTypes, ...otherFeedTypes] as const;
export type EventType = (typeof eventTypes)[number];

// ---- the cursor: base64url of "<transaction>.<sequence>", both decimal ----

export type FeedPosition = { xact: bigint; seq: bigint };

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

export function encodeCursor(position: FeedPosition): string {
  return toBase64Url(`${position.xact}.${position.seq}`);
}

/** The cursor of a position already written as "<transaction>.<sequence>" (as the feed's query returns it). */
export function cursorOfPosition(position: string): string {
  return toBase64Url(position);
}

/** The position a cursor names, or null when it is not one of ours. */
export function decodeCursor(cursor: string): FeedPosition | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) return null;
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
  const match = /^(\d{1,20})\.(\d{1,19})$/.exec(text);
  if (!match) return null;
  const position = { xact: BigInt(match[1]!), seq: BigInt(match[2]!) };
  return position.seq <= 9223372036854775807n && position.xact <= 18446744073709551615n ? position : null;
}

const cursorSchema = z
  .string()
  .refine((value) => decodeCursor(value) !== null, "after must be a cursor returned by this feed")
  .meta({ description: "A cursor from `nextCursor` (or an SSE event's `id`): the events after it." });

const typesSchema = z
  .string()
  .max(2000)
  .transform((value, context) => {
    const names = [
      ...new Set(
        value
          .split(",")
          .map((name) => name.trim())
          .filter(Boolean),
      ),
    ];
    const unknown = names.filter((name) => !(eventTypes as readonly string[]).includes(name));
    if (names.length === 0 || unknown.length > 0) {
      context.addIssue({
        code: "custom",
        message: `types must be a comma-separated list of event types; unknown: ${unknown.join(", ") || "(empty)"}`,
      });
      return z.NEVER;
    }
    return names as EventType[];
  })
  .meta({ description: "Comma-separated event types to keep, e.g. `message.bounced,message.complained`.", type: "string" });

const feedFilters = {
  types: typesSchema.optional(),
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .min(1)
    .max(253)
    .optional()
    .meta({ description: "Only events of this sending or receiving domain (message, domain and mailbox events)." }),
  mailbox: z
    .string()
    .trim()
    .toLowerCase()
    .min(3)
    .max(320)
    .optional()
    .meta({ description: "Only events of this hosted mailbox (its address)." }),
};

export const listEventsQuery = z.object({
  after: cursorSchema.optional(),
  limit: z.coerce.number({ error: "limit must be a whole number from 1 to 500" }).int().min(1).max(500).default(100),
  wait: z.coerce
    .number({ error: "wait must be a whole number of seconds from 1 to 30" })
    .int()
    .min(1)
    .max(30)
    .optional()
    .meta({ description: "When nothing is newer than `after`, hold the request up to this many seconds for the next event." }),
  ...feedFilters,
});

export const streamEventsQuery = z.object({
  after: cursorSchema.optional().meta({ description: "Where to start; the `Last-Event-ID` header, when sent, takes precedence." }),
  ...feedFilters,
});

// ---- one event ----

const recipient = z.string().meta({ description: "The recipient address the event concerns." });
const outcomeSource = z.enum(["handoff", "dsn", "mta-log"]).optional().meta({
  description:
    "Where the outcome was read: `handoff`: the next server's answer as we handed the message over; `dsn`: a delivery report that came back; `mta-log`: the service's own MTA logged the recipient's server's answer.",
});
const messageDetails: Partial<Record<MessageFeedType, z.ZodType>> = {
  "message.bounced": z.looseObject({
    recipient,
    bounceType: z.enum(["hard", "soft"]),
    diagnostic: z.string().nullish(),
    source: outcomeSource,
  }),
  "message.complained": z.looseObject({ recipient }),
  "message.delivered": z.looseObject({
    recipient,
    remoteMta: z.string().nullable().meta({
      description:
        "The recipient's server: `host[ip]:port` as the service's own MTA logged it, the delivery report's Remote-MTA, or the service's own mail store for a hosted mailbox.",
    }),
    tls: recipientTlsSchema.nullable().meta({ description: "TLS of the delivery, when known when the event was written." }),
    source: z.enum(["dsn", "mta-log", "lmtp"]).optional().meta({
      description:
        "`dsn`: a delivery report; `mta-log`: the service's own MTA logged the recipient's server's answer; `lmtp`: a hosted mailbox of this service took it.",
    }),
  }),
  "message.expired": z.looseObject({ recipient, diagnostic: z.string().nullish(), source: outcomeSource }),
  "message.suppressed": z.looseObject({
    recipient,
    reason: z.enum(["unsubscribed"]).optional().meta({
      description:
        "`unsubscribed`: the message's topic is one the recipient unsubscribed from or never opted in to; absent: the address is on the suppression list.",
    }),
  }),
  "message.delivery_delayed": z.looseObject({
    recipient: z
      .string()
      .optional()
      .meta({ description: "The recipient the delay is about (a delay at hand-off lists `recipients` instead)." }),
    diagnostic: z.string().nullish(),
    source: outcomeSource,
    nextAttemptAt: z.iso.datetime().optional().meta({
      description: "The earliest time the service's own MTA tries again (its retry delay grows with the message's age).",
    }),
  }),
  "message.scheduled": z.looseObject({ scheduledAt: z.iso.datetime() }),
  "message.clicked": z.looseObject({ url: z.string() }),
  "message.opened": z.looseObject({ userAgent: z.string().nullish() }),
  "message.unsubscribed": z.looseObject({
    recipient,
    topicId: z.string().meta({ description: "The topic the recipient left." }),
    source: z.enum(["one_click", "preference_page", "mailto"]).meta({
      description: "How: the one-click POST, the preference page reached from the message, or the unsubscribe address.",
    }),
  }),
};
const mailboxDetail = {
  mailbox: z.string().meta({ description: "The hosted mailbox's address." }),
  from: z.string().nullable().meta({ description: "The sender (envelope sender; null for a bounce)." }),
  subject: z.string().nullable(),
};
const otherDetails: Record<(typeof otherFeedTypes)[number], z.ZodType> = {
  "suppression.added": z.looseObject({
    email: z.string(),
    reason: z.enum(["hard_bounce", "complaint", "manual"]),
    messageId: z.string().nullable(),
  }),
  "suppression.removed": z.looseObject({ email: z.string(), reason: z.enum(["hard_bounce", "complaint", "manual"]) }),
  "domain.verified": z.looseObject({ name: z.string(), previousStatus: z.string() }),
  "domain.failed": z.looseObject({ name: z.string(), previousStatus: z.string() }),
  "domain.dmarc_report": z.looseObject({
    name: z.string(),
    reportId: z.string().meta({ description: "The stored report's id (`GET /sending/domains/{domain_id}/dmarc-reports`)." }),
    reporter: z.string().meta({ description: "Who sent it: the report's organisation name." }),
    begin: z.iso.datetime(),
    end: z.iso.datetime(),
    messages: z.number().int(),
    passedMessages: z.number().int().meta({ description: "Of them, those that passed DMARC (an aligned SPF or DKIM pass)." }),
  }),
  "domain.reputation_warning": z.looseObject({
    name: z.string(),
    metric: z.enum(["bounce_rate", "complaint_rate"]),
    rate: z.number().meta({ description: "Over the last 24 hours, as a percentage of the recipients handed off." }),
    threshold: z.number().meta({ description: "The percentage past which providers start refusing mail." }),
    sent: z.number().int().meta({ description: "Recipients handed off in those 24 hours." }),
  }),
  "mailbox.received": z.looseObject({
    ...mailboxDetail,
    folder: z.string().meta({ description: "Where it was filed: `INBOX` or `Junk`." }),
    spamScore: z.number().nullable(),
  }),
  "mailbox.rejected": z.looseObject({ ...mailboxDetail, spamScore: z.number().nullable() }),
  "mailbox.vacation_sent": z.looseObject({ mailbox: z.string(), to: z.string() }),
  "mailbox.forwarded": z.looseObject({ mailbox: z.string(), to: z.string() }),
  "mailbox.unsubscribed": z.looseObject({
    mailbox: z.string(),
    from: z.string().nullable().meta({ description: "The From of the message whose list was left." }),
    method: z.enum(["one_click", "mailto"]),
    target: z.string().meta({ description: "The host the one-click request went to, or the address the unsubscribe email went to." }),
  }),
  "subscription.changed": z.looseObject({
    email: z.string(),
    topicId: z.string(),
    status: z.enum(subscriptionStatuses),
    source: z.enum(subscriptionSources),
  }),
};

const objectTypeOf = (type: EventType) =>
  type.slice(0, type.indexOf(".")) as "message" | "suppression" | "domain" | "mailbox" | "subscription";

/** `message.delivery_delayed` → `MessageDeliveryDelayedEvent`: each variant is a named schema, so the OpenAPI union gets a discriminator mapping. */
const variantId = (type: EventType) =>
  `${type
    .split(/[._]/)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join("")}Event`;

function eventVariant(type: EventType, detail: z.ZodType) {
  return z
    .object({
      id: z.string().meta({ description: "Stable id of the event (`evt_…`)." }),
      type: z.literal(type),
      createdAt: z.iso.datetime(),
      object: z.object({
        type: z.literal(objectTypeOf(type)),
        id: z.string().meta({ description: "The message or domain id, the suppressed address, or the mailbox id." }),
      }),
      detail,
    })
    .meta({ id: variantId(type) });
}

const genericDetail = z.looseObject({});

export const feedEventSchema = z
  .discriminatedUnion(
    "type",
    eventTypes.map((type) =>
      eventVariant(
        type,
        (messageDetails as Record<string, z.ZodType>)[type] ?? (otherDetails as Record<string, z.ZodType>)[type] ?? genericDetail,
      ),
    ) as unknown as [ReturnType<typeof eventVariant>, ...ReturnType<typeof eventVariant>[]],
  )
  .meta({ id: "Event" });

export type FeedEvent = z.input<typeof feedEventSchema>;

export const eventPageSchema = z
  .object({
    items: z.array(feedEventSchema),
    nextCursor: z.string().meta({
      description: "Where the next request continues (`after`). Store it once the items are handled; it is valid for the retention period.",
    }),
  })
  .meta({ id: "EventPage" });
