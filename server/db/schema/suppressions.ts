import { index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { messages } from "./messages";
import { timestamptz } from "./columns";

export type SuppressionReason = "hard_bounce" | "complaint" | "manual";

/**
 * Addresses an account no longer sends to (docs/bounces.md): hard bounces and
 * complaints add them, the customer may add or remove them. One row per
 * account and address (lower-cased); a later reason replaces an earlier one.
 */
export const suppressions = pgTable(
  "suppressions",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** Lower case, as compared when sending. */
    email: text("email").notNull(),
    reason: text("reason").$type<SuppressionReason>().notNull(),
    /** The message whose bounce or complaint added it (null: added by hand, or the message was deleted). */
    messageId: text("message_id").references(() => messages.id, { onDelete: "set null" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.email] }),
    index("suppressions_account_created_idx").on(table.accountId, table.createdAt),
  ],
);
