import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { timestamptz } from "./columns";

export type DomainStatus = "pending" | "verified" | "failed" | "temporary_failure";
export type RecordStatus = "pending" | "verified" | "failed" | "temporary_failure";
/** `mx` is for receiving (hosted mailboxes) only: the sending `status` does not depend on it. */
export type RecordPurpose = "ownership" | "spf" | "dkim" | "dmarc" | "return_path" | "mx";

/**
 * A domain an account sends from. The DKIM private key is sealed (AES-256-GCM,
 * bound to the domain id); the public key is what the customer publishes.
 */
export const sendingDomains = pgTable(
  "sending_domains",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** Normalised: lower case, no trailing dot, IDN as punycode. */
    name: text("name").notNull(),
    status: text("status").$type<DomainStatus>().notNull().default("pending"),
    /** Whether the MX record points at us (hosted mailboxes); sending `status` does not depend on it. */
    receivingStatus: text("receiving_status").$type<DomainStatus>().notNull().default("pending"),
    ownershipToken: text("ownership_token").notNull(),
    dkimSelector: text("dkim_selector").notNull(),
    /** Base64 SPKI DER, exactly the `p=` value of the DKIM record. */
    dkimPublicKey: text("dkim_public_key").notNull(),
    dkimPrivateKeySealed: text("dkim_private_key_sealed").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    /** When the domain last became verified; kept while it is in temporary_failure. */
    verifiedAt: timestamptz("verified_at"),
    lastCheckedAt: timestamptz("last_checked_at"),
    /** When `status` last changed: the re-check cadence counts from it. */
    statusChangedAt: timestamptz("status_changed_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("sending_domains_account_name_key").on(table.accountId, table.name),
    // Once verified, a name belongs to that account: no other account can verify it too.
    uniqueIndex("sending_domains_verified_name_key").on(table.name).where(sql`${table.verifiedAt} is not null`),
    index("sending_domains_status_checked_idx").on(table.status, table.lastCheckedAt),
  ],
);

/** The DNS records a domain's owner publishes, with the outcome of their last lookup. */
export const sendingDomainRecords = pgTable(
  "sending_domain_records",
  {
    domainId: text("domain_id")
      .notNull()
      .references(() => sendingDomains.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<RecordPurpose>().notNull(),
    /** Display order. */
    position: integer("position").notNull(),
    type: text("type").$type<"TXT" | "CNAME" | "MX">().notNull(),
    name: text("name").notNull(),
    value: text("value").notNull(),
    /** MX preference; null for other types. */
    priority: integer("priority"),
    required: boolean("required").notNull(),
    status: text("status").$type<RecordStatus>().notNull().default("pending"),
    lastCheckedAt: timestamptz("last_checked_at"),
    /** What the last lookup returned at the record's name: [] when nothing is there; null before a lookup or when DNS could not be reached. */
    foundValues: jsonb("found_values").$type<string[]>(),
  },
  (table) => [primaryKey({ columns: [table.domainId, table.purpose] })],
);
