import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { timestamptz } from "./columns";

/**
 * Customer SMTP relays (docs/api.md). The password is sealed with
 * AES-256-GCM, bound to the account and relay ids; it never leaves the server.
 */
export const smtpRelays = pgTable(
  "smtp_relays",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    host: text("host").notNull(),
    port: integer("port").notNull(),
    username: text("username"),
    passwordSealed: text("password_sealed"),
    encryption: text("encryption", { enum: ["none", "starttls", "ssl_tls"] })
      .notNull()
      .default("starttls"),
    status: text("status", { enum: ["active", "inactive"] })
      .notNull()
      .default("active"),
    isDefault: boolean("is_default").notNull().default(false),
    lastTestedAt: timestamptz("last_tested_at"),
    lastTestOk: boolean("last_test_ok"),
    lastTestError: text("last_test_error", { enum: ["dns_failure", "refused", "tls_error", "auth_rejected", "timeout"] }),
    lastTestMessage: text("last_test_message"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (table) => [
    index("smtp_relays_account_idx").on(table.accountId, table.createdAt),
    // At most one default relay per account, whatever the code above it does.
    uniqueIndex("smtp_relays_one_default_per_account").on(table.accountId).where(sql`${table.isDefault}`),
    check("smtp_relays_port_range", sql`${table.port} between 1 and 65535`),
    check("smtp_relays_encryption", sql`${table.encryption} in ('none', 'starttls', 'ssl_tls')`),
    check("smtp_relays_status", sql`${table.status} in ('active', 'inactive')`),
    // Credentials go together: a login without a password (or the reverse) cannot be stored.
    check("smtp_relays_credentials_pair", sql`(${table.username} is null) = (${table.passwordSealed} is null)`),
  ],
);
