import { sql } from "drizzle-orm";
import { bigint, boolean, customType, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** A 64-bit transaction id (PostgreSQL `xid8`), read and written as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => "xid8" });

/**
 * The event feed (docs/events.md): one row per thing that happened to an
 * account's mail, written by database triggers on the tables that record it
 * (migration 0019), so no writer can forget one. Readers page in
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
