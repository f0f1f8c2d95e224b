import { sql } from "drizzle-orm";
import { bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { MessageSource } from "@/shared/schemas/messages";
import { accounts } from "./accounts";
import { sendingDomains } from "./sending-domains";
import { topics } from "./topics";
import { timestamptz } from "./columns";

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

export type MessageStatus = "scheduled" | "queued" | "sent" | "delivered" | "bounced" | "failed" | "suppressed" | "canceled";
/** Where one recipient's copy stands (docs/delivery.md, "Each recipient's fate"). */
export type RecipientStatus = "queued" | "sent" | "delivered" | "deferred" | "bounced" | "expired" | "suppressed";
/** TLS of the delivery to the recipient's server, when known. */
export type RecipientTls = { protocol: string | null; verified: boolean; policy: "none" | "may" | "mta-sts" | "dane" };
export type MessageEventType =
  | "scheduled"
  | "queued"
  | "deferred"
  | "delivery_delayed"
  | "sent"
  | "delivered"
  | "expired"
  | "bounced"
  | "complained"
  | "suppressed"
  | "failed"
  | "canceled"
  | "opened"
  | "clicked"
  | "unsubscribed";
/** How the message reached us: the REST API or SMTP submission. */
export type { MessageSource };
export type StoredAttachment = { filename: string; contentType: string; size: number; contentId: string | null; sha256: string };

/**
 * One email accepted by the sending API (or SMTP submission), delivered by the
 * job queue. Only what lists show lives here; the body is in message_contents.
 */
export const messages = pgTable(
  "messages",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The key that sent it (null: a signed-in session). */
    apiKeyId: text("api_key_id"),
    /** The verified domain of `from`; kept when the domain is deleted later. */
    domainId: text("domain_id").references(() => sendingDomains.id, { onDelete: "set null" }),
    fromDomain: text("from_domain").notNull(),
    from: text("from_header").notNull(),
    to: jsonb("to_addresses").$type<string[]>().notNull(),
    cc: jsonb("cc_addresses").$type<string[]>().notNull().default([]),
    bcc: jsonb("bcc_addresses").$type<string[]>().notNull().default([]),
    replyTo: jsonb("reply_to").$type<string[]>().notNull().default([]),
    subject: text("subject").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    tags: jsonb("tags").$type<{ name: string; value: string }[]>().notNull().default([]),
    trackOpens: boolean("track_opens").notNull().default(false),
    trackClicks: boolean("track_clicks").notNull().default(false),
    status: text("status").$type<MessageStatus>().notNull().default("queued"),
    source: text("source").$type<MessageSource>().notNull().default("api"),
    attachmentCount: integer("attachment_count").notNull().default(0),
    /** Size of the message as sent, in bytes (before the DKIM signature); null until it is built, at delivery when not at acceptance. */
    size: integer("size"),
    /** Not handed off before this time (status scheduled until then). */
    scheduledAt: timestamptz("scheduled_at"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** How it left: "relay" (the account's default relay) or "service" (our own transport). */
    deliveredVia: text("delivered_via"),
    /** The Message-ID header we set. */
    messageIdHeader: text("message_id_header").notNull(),
    /** The topic it was sent about (docs/consent.md); null: transactional. */
    topicId: text("topic_id").references(() => topics.id, { onDelete: "set null" }),
    /** The stored template it was rendered from, and which version (docs/templates.md); null: inline content. */
    templateId: text("template_id"),
    templateVersion: integer("template_version"),
    /** Paid with a pay-as-you-go credit (over the plan's quota). */
    paidWithCredit: boolean("paid_with_credit").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    sentAt: timestamptz("sent_at"),
  },
  (table) => [
    index("messages_account_created_idx").on(table.accountId, table.createdAt),
    index("messages_account_status_idx").on(table.accountId, table.status),
    // A mail client's copy in a mailbox's Sent is found by its Message-ID (docs/webmail.md, "Sent"); only SMTP
    // submissions keep the client's Message-ID, so only they are indexed.
    index("messages_account_smtp_message_id_idx").on(table.accountId, table.messageIdHeader).where(sql`${table.source} = 'smtp'`),
  ],
);

/**
 * The message as it goes on the wire, built once at acceptance (tracking
 * applied, not yet DKIM-signed) or stored as submitted over SMTP, with its
 * envelope. Kept apart from `messages` so list queries never read bodies.
 */
export const messageContents = pgTable("message_contents", {
  messageId: text("message_id")
    .primaryKey()
    .references(() => messages.id, { onDelete: "cascade" }),
  envelopeFrom: text("envelope_from").notNull(),
  envelopeTo: jsonb("envelope_to").$type<string[]>().notNull(),
  /** RFC 5322 bytes, CRLF line ends, when built at acceptance; null: built at delivery from the fields (wire-form.ts). */
  raw: bytea("raw"),
  /** The bodies as given, for the detail view (the raw form has tracking applied). */
  html: text("html"),
  text: text("text"),
  attachments: jsonb("attachments").$type<StoredAttachment[]>().notNull().default([]),
});

/**
 * Emails charged to the plan's quota per account and period: one conditional
 * UPDATE charges a send atomically, without a per-account lock around it.
 */
export const messageUsage = pgTable(
  "message_usage",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    periodStart: timestamptz("period_start").notNull(),
    used: bigint("used", { mode: "number" }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.periodStart] })],
);

/** What happened to a message, in order. */
export const messageEvents = pgTable(
  "message_events",
  {
    id: text("id").primaryKey(),
    messageId: text("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    type: text("type").$type<MessageEventType>().notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamptz("created_at").notNull().default(sql`clock_timestamp()`),
  },
  (table) => [
    index("message_events_message_idx").on(table.messageId, table.createdAt),
    // One bounce of each kind, one complaint, one delivery and one expiry per
    // message and recipient: the same DSN or report arriving twice records
    // nothing new (docs/bounces.md, docs/delivery.md).
    uniqueIndex("message_events_once_per_recipient_idx")
      .on(table.messageId, table.type, sql`lower(${table.detail}->>'recipient')`, sql`coalesce(${table.detail}->>'bounceType', '')`)
      .where(sql`${table.type} in ('bounced', 'complained', 'delivered', 'expired')`),
  ],
);

/**
 * Each recipient's copy of a message: written at hand-off (sent, bounced,
 * deferred) and by the delivery reports that come back to its return path
 * (delivered, deferred, bounced, expired). Addresses are lower case. A
 * recipient without a row has not been handed off yet (or was suppressed at
 * acceptance: its `suppressed` event says so).
 */
export const messageRecipients = pgTable(
  "message_recipients",
  {
    messageId: text("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    status: text("status").$type<RecipientStatus>().notNull(),
    /** The server that took it, from the delivery report's Remote-MTA. */
    remoteMta: text("remote_mta"),
    /** The last reply or report text about this recipient. */
    diagnostic: text("diagnostic"),
    tls: jsonb("tls").$type<RecipientTls>(),
    /** The queue ID Postfix answered at the hand-off: its log lines about this copy carry it (docs/delivery.md, "Delivery evidence"). */
    queueId: text("queue_id"),
    updatedAt: timestamptz("updated_at").notNull().default(sql`clock_timestamp()`),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.email] }),
    index("message_recipients_queue_id_idx").on(table.queueId).where(sql`${table.queueId} is not null`),
  ],
);

/** `Idempotency-Key` of POST /sending/messages and /sending/messages/batch, kept 24 hours. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** SHA-256 of the request body: the same key with another body is a conflict. */
    requestHash: text("request_hash").notNull(),
    /** The messages the request created, in its order (one for a single send). */
    messageIds: jsonb("message_ids").$type<string[]>().notNull(),
    /** "single" or "batch": the same key on the other endpoint is a conflict. */
    kind: text("kind").$type<"single" | "batch">().notNull().default("single"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.key] }), index("idempotency_keys_created_idx").on(table.createdAt)],
);
