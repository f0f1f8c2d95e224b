import { index, pgTable, text } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { timestamptz } from "./columns";

/**
 * One row per open event stream and waiting long poll (docs/events.md,
 * "Limits"), so every instance counts the same connections. Rows are taken by
 * `acquire_feed_connection` (migration 0028), which refuses past the limits,
 * and deleted on close. The table is UNLOGGED, like the rate-limit counters:
 * after a PostgreSQL crash it is empty, and the open connections lose their
 * rows and end.
 */
export const feedConnections = pgTable(
  "feed_connections",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** What it was opened with: `session:<id>` or `key:<id>`. */
    credential: text("credential").notNull(),
    /** Renewed while it is open; a row past it was left by an instance that stopped without closing it, and no longer counts. */
    leaseUntil: timestamptz("lease_until").notNull(),
    openedAt: timestamptz("opened_at").notNull().defaultNow(),
  },
  (table) => [
    index("feed_connections_account_idx").on(table.accountId),
    index("feed_connections_credential_idx").on(table.credential),
    index("feed_connections_lease_idx").on(table.leaseUntil),
  ],
);
