import { sql } from "drizzle-orm";
import { bigint, boolean, customType, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { timestamptz } from "./columns";

/** A 64-bit transaction id (PostgreSQL `xid8`), read and written as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => "xid8" });

/**
 * The event feed (docs/events.md): one row per thing that happened to an
 * account's mail, written only by database triggers on the tables that record
 * it (message_events, mailbox_events, suppressions, sending_domains;
 * server/db/functions/account_events_from_*.sql), so no writer can forget one. Readers page in
 * (xact_id, seq) order and only see transactions older than every running
 * one, so a cursor never skips an event that commits later.
 */
export const accountEvents = pgTable(
  "account_events",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The writing transaction: commit order between transactions is settled by visibility, not by this number alone. */
    xactId: xid8("xact_id").notNull().default(sql`pg_current_xact_id()`),
    /** Order within a transaction. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    id: text("id").notNull().unique(),
    type: text("type").notNull(),
    objectType: text("object_type").notNull(),
    objectId: text("object_id").notNull(),
    /** The sending or receiving domain the event concerns, for the `domain` filter (null: none). */
    domain: text("domain"),
    /** The hosted mailbox's address, for mailbox events (the `mailbox` filter). */
    mailbox: text("mailbox"),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamptz("created_at").notNull().default(sql`clock_timestamp()`),
  },
  (table) => [
    index("account_events_account_position_idx").on(table.accountId, table.xactId, table.seq),
    // Retention prunes a prefix of the whole feed in this order.
    index("account_events_position_idx").on(table.xactId, table.seq),
    index("account_events_created_idx").on(table.createdAt),
  ],
);

/** The one row saying how far retention has pruned the feed: a cursor before it has lost events (410). */
export const accountEventsHorizon = pgTable("account_events_horizon", {
  singleton: boolean("singleton").primaryKey().default(true),
  xactId: xid8("xact_id").notNull(),
  seq: bigint("seq", { mode: "number" }).notNull(),
  prunedAt: timestamptz("pruned_at").notNull().defaultNow(),
});

/**
 * What happened to a hosted mailbox that has no row of its own: a message
 * received (`received`), a copy forwarded or a vacation reply sent by its
 * rules (`forwarded`, `vacation_sent`), a list left from the webmail (`unsubscribed`). The writer inserts here; a trigger
 * (server/db/functions/account_events_from_mailbox_events.sql) writes the
 * feed's `mailbox.<type>` event in the same statement and drops the row, so
 * this table is always empty.
 */
export const mailboxEvents = pgTable("mailbox_events", {
  mailboxId: text("mailbox_id").notNull(),
  type: text("type").$type<"received" | "forwarded" | "vacation_sent" | "unsubscribed">().notNull(),
  detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
});
