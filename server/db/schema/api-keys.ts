import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { sendingDomains } from "./sending-domains";
import { timestamptz } from "./columns";

/** Keys for the sending API. Only a hash of the secret is kept; it is shown once, at creation. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** "sending": send and read messages; "full": every Sending operation. */
    scope: text("scope").notNull(),
    /** When set, the key sends only from this domain; deleting the domain deletes such keys (they must not widen to every domain). */
    domainId: text("domain_id").references(() => sendingDomains.id, { onDelete: "cascade" }),
    /** The first characters of the secret, so people can tell their keys apart. */
    prefix: text("prefix").notNull(),
    secretHash: text("secret_hash").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    expiresAt: timestamptz("expires_at"),
    lastUsedAt: timestamptz("last_used_at"),
    revokedAt: timestamptz("revoked_at"),
  },
  (table) => [
    uniqueIndex("api_keys_secret_hash_idx").on(table.secretHash),
    index("api_keys_account_live_idx").on(table.accountId).where(sql`${table.revokedAt} is null`),
  ],
);
