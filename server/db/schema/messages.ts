import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { sendingDomains } from "./sending-domains";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export type MessageStatus = "queued" | "sent" | "failed";
export type MessageEventType = "queued" | "deferred" | "sent" | "failed" | "opened" | "clicked";

/** One email accepted by POST /sending/messages, delivered by the job queue. */
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
    html: text("html"),
    text: text("text"),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    tags: jsonb("tags").$type<{ name: string; value: string }[]>().notNull().default([]),
    trackOpens: boolean("track_opens").notNull().default(false),
    trackClicks: boolean("track_clicks").notNull().default(false),
    status: text("status").$type<MessageStatus>().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** How it left: "relay" (the account's default relay) or "service" (our own transport). */
    deliveredVia: text("delivered_via"),
    /** The Message-ID header we set. */
    messageIdHeader: text("message_id_header").notNull(),
    /** Paid with a pay-as-you-go credit (over the plan's quota). */
    paidWithCredit: boolean("paid_with_credit").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    sentAt: timestamptz("sent_at"),
  },
  (table) => [
    index("messages_account_created_idx").on(table.accountId, table.createdAt),
    index("messages_account_status_idx").on(table.accountId, table.status),
  ],
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
  (table) => [index("message_events_message_idx").on(table.messageId, table.createdAt)],
);

/** `Idempotency-Key` of POST /sending/messages, kept 24 hours. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** SHA-256 of the request body: the same key with another body is a conflict. */
    requestHash: text("request_hash").notNull(),
    messageId: text("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.key] }), index("idempotency_keys_created_idx").on(table.createdAt)],
);
