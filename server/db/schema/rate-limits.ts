import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

// Fixed-window counters shared by every app instance (docs/api.md). The table
// is UNLOGGED (migration 0010): a hit does not wait for a WAL flush, and a
// crash of PostgreSQL empties it (every window starts afresh once).
export const rateLimitBuckets = pgTable(
  "rate_limit_buckets",
  {
    key: text("key").primaryKey(),
    windowStart: timestamptz("window_start").notNull(),
    count: integer("count").notNull(),
    /** Lets a purge job drop dead buckets with one indexed delete. */
    expiresAt: timestamptz("expires_at").notNull(),
  },
  (table) => [index("rate_limit_buckets_expires_at_idx").on(table.expiresAt)],
);
