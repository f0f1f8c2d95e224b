import { sql } from "drizzle-orm";
import { bigint, boolean, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { sendingDomains } from "./sending-domains";
import { timestamptz } from "./columns";

export type MailProtocol = "imap" | "pop3" | "smtp";
export type MailFormat = "sdbox" | "maildir";

/**
 * A hosted mailbox on a customer's domain (docs/mailboxes.md). Dovecot reads
 * these rows through the views in the dovecot_* migration to log users in;
 * the password hash is in a form Dovecot verifies (`{ARGON2ID}$argon2id$…`).
 */
export const mailboxes = pgTable(
  "mailboxes",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    domainId: text("domain_id")
      .notNull()
      .references(() => sendingDomains.id, { onDelete: "cascade" }),
    /** Lower case `local@domain` (domain as punycode); unique across the service. */
    address: text("address").notNull(),
    name: text("name"),
    passwordHash: text("password_hash").notNull(),
    quotaBytes: bigint("quota_bytes", { mode: "number" }).notNull(),
    /** Storage used, copied back from Dovecot's quota accounting. */
    usedBytes: bigint("used_bytes", { mode: "number" }).notNull().default(0),
    imapEnabled: boolean("imap_enabled").notNull().default(true),
    pop3Enabled: boolean("pop3_enabled").notNull().default(true),
    smtpEnabled: boolean("smtp_enabled").notNull().default(true),
    /**
     * How Dovecot stores this mailbox's mail: `sdbox` for every mailbox
     * created now, `maildir` for those created before (docs/mail-storage.md,
     * "Storage format").
     */
    mailFormat: text("mail_format").$type<MailFormat>().notNull().default("sdbox"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    lastLoginAt: timestamptz("last_login_at"),
  },
  (table) => [
    uniqueIndex("mailboxes_address_key").on(table.address),
    index("mailboxes_account_idx").on(table.accountId, table.createdAt),
    index("mailboxes_domain_idx").on(table.domainId),
  ],
);

/**
 * A password for one mail client, limited to some protocols; shown once.
 * High-entropy, so a fast hash (`{SHA256.HEX}`) is enough and an IMAP login
 * costs no argon2 run.
 */
export const mailboxAppPasswords = pgTable(
  "mailbox_app_passwords",
  {
    id: text("id").primaryKey(),
    mailboxId: text("mailbox_id")
      .notNull()
      .references(() => mailboxes.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    protocols: jsonb("protocols").$type<MailProtocol[]>().notNull(),
    secretHash: text("secret_hash").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    lastUsedAt: timestamptz("last_used_at"),
  },
  (table) => [index("mailbox_app_passwords_mailbox_idx").on(table.mailboxId)],
);

/**
 * Another address delivering into mailboxes of the same account. `*@domain`
 * is the domain's catch-all: it takes mail for addresses no mailbox or alias has.
 */
export const mailboxAliases = pgTable(
  "mailbox_aliases",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    domainId: text("domain_id")
      .notNull()
      .references(() => sendingDomains.id, { onDelete: "cascade" }),
    /** Lower case `local@domain`, or `*@domain` for the catch-all. */
    address: text("address").notNull(),
    /** Mailbox addresses of the same account. */
    destinations: jsonb("destinations").$type<string[]>().notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("mailbox_aliases_address_key").on(table.address),
    index("mailbox_aliases_account_idx").on(table.accountId, table.createdAt),
    index("mailbox_aliases_catch_all_idx").on(table.domainId).where(sql`${table.address} like '*@%'`),
  ],
);

/**
 * A mailbox's rules as the API last saved them (docs/spam-and-rules.md): the
 * typed document and the Sieve script it compiled to, which the service also
 * wrote into the mailbox's home. A script uploaded over ManageSieve replaces
 * that file, not this row.
 */
export const mailboxRules = pgTable("mailbox_rules", {
  mailboxId: text("mailbox_id")
    .primaryKey()
    .references(() => mailboxes.id, { onDelete: "cascade" }),
  document: jsonb("document").notNull(),
  sieve: text("sieve").notNull(),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});
