import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Fixed-window counters shared by every app instance (docs/api.md). The table
// is UNLOGGED (migration 0010): a hit does not wait for a WAL flush, and a
// crash of PostgreSQL empties it (every window starts afresh once).
export const rateLimitBuckets = pgTable(
  "rate_limit_buckets",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true, mode: "date" }).notNull(),
    count: integer("count").notNull(),
    /** Lets a purge job drop dead buckets with one indexed delete. */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [index("rate_limit_buckets_expires_at_idx").on(table.expiresAt)],
);
