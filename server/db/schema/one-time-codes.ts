import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { timestamptz } from "./columns";

/**
 * Emailed sign-in codes, password-reset codes and magic-link tokens. One live
 * secret per account and purpose (a new one replaces the old); stored only as
 * a keyed hash; single use is a conditional UPDATE on consumed_at.
 */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["sign_in_code", "password_reset", "magic_link", "email_confirmation"] }).notNull(),
    secretHash: text("secret_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamptz("expires_at").notNull(),
    consumedAt: timestamptz("consumed_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("one_time_codes_account_purpose_key").on(table.accountId, table.purpose),
    index("one_time_codes_secret_hash_idx").on(table.secretHash),
  ],
);
