import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { timestamptz } from "./columns";

/** POST /support. Opened signed out too; linked to the account when a valid token was sent. */
export const supportTickets = pgTable(
  "support_tickets",
  {
    id: text("id").primaryKey(),
    /** What people quote to support staff, e.g. SUP-7K3QXM. */
    reference: text("reference").notNull(),
    /** Erased with the account: a deleted account's tickets go with it. */
    accountId: text("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name"),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    category: text("category").notNull(),
    message: text("message").notNull(),
    priority: text("priority").notNull(),
    status: text("status").notNull().default("open"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("support_tickets_reference_idx").on(table.reference),
    index("support_tickets_account_created_idx").on(table.accountId, table.createdAt),
  ],
);
