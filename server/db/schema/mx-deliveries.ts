import { index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

/**
 * Mailboxes that already received a message whose transaction the MX answered
 * with a temporary failure (another mailbox of it was full or unreachable), so
 * the sender's retry of the same message goes only to the others
 * (docs/mailboxes.md, "Receiving mail"). Keyed by the SHA-256 of the message
 * as received; rows are kept 7 days, longer than senders keep retrying.
 */
export const mxMailboxDeliveries = pgTable(
  "mx_mailbox_deliveries",
  {
    digest: text("digest").notNull(),
    mailbox: text("mailbox").notNull(),
    deliveredAt: timestamptz("delivered_at").notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.digest, table.mailbox] }),
    index("mx_mailbox_deliveries_delivered_at_idx").on(table.deliveredAt),
  ],
);
