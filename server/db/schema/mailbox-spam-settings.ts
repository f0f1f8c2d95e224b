import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { mailboxes } from "./mailboxes";
import { sendingDomains } from "./sending-domains";
import { timestamptz } from "./columns";

export type SpamAction = "junk" | "tag" | "off";

/**
 * A mailbox's spam settings (docs/spam-and-rules.md): what the MX does with
 * mail rspamd scores as spam, and senders it always accepts or always refuses.
 * No row: the defaults (junk, empty lists).
 */
export const mailboxSpamSettings = pgTable("mailbox_spam_settings", {
  mailboxId: text("mailbox_id")
    .primaryKey()
    .references(() => mailboxes.id, { onDelete: "cascade" }),
  action: text("action").$type<SpamAction>().notNull().default("junk"),
  /** Lower-case addresses (`someone@example.com`) or domains (`@example.com`). */
  allow: jsonb("allow").$type<string[]>().notNull().default([]),
  block: jsonb("block").$type<string[]>().notNull().default([]),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});

/**
 * Allow and block lists for every mailbox of one domain (docs/spam-and-rules.md,
 * "Lists for a whole domain"); a mailbox's own lists are read first. No row: empty lists.
 */
export const domainSpamLists = pgTable("domain_spam_lists", {
  domainId: text("domain_id")
    .primaryKey()
    .references(() => sendingDomains.id, { onDelete: "cascade" }),
  allow: jsonb("allow").$type<string[]>().notNull().default([]),
  block: jsonb("block").$type<string[]>().notNull().default([]),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});
