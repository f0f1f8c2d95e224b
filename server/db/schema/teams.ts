import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { timestamptz } from "./columns";

/**
 * People who act in an account besides its owner (docs/teams.md). Each is a
 * person with their own account (their own sign-in); the owner is the account
 * itself and has no row here.
 */
export const accountMembers = pgTable(
  "account_members",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    memberAccountId: text("member_account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["admin", "developer", "billing", "viewer"] }).notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("account_members_account_member_key").on(table.accountId, table.memberAccountId),
    index("account_members_member_idx").on(table.memberAccountId),
    check("account_members_role_check", sql`${table.role} in ('admin', 'developer', 'billing', 'viewer')`),
    check("account_members_not_self_check", sql`${table.accountId} <> ${table.memberAccountId}`),
  ],
);

/**
 * Emailed invitations to act in an account. The token is stored only as a
 * keyed hash; single use is a conditional UPDATE on accepted_at.
 */
export const accountInvitations = pgTable(
  "account_invitations",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** Stored trimmed and lower-cased, as account emails are. */
    email: text("email").notNull(),
    role: text("role", { enum: ["admin", "developer", "billing", "viewer"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    /** Who invited (their own account), for the invitation's email and the list. */
    invitedByAccountId: text("invited_by_account_id").references(() => accounts.id, { onDelete: "set null" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    expiresAt: timestamptz("expires_at").notNull(),
    acceptedAt: timestamptz("accepted_at"),
    revokedAt: timestamptz("revoked_at"),
  },
  (table) => [
    uniqueIndex("account_invitations_token_hash_key").on(table.tokenHash),
    index("account_invitations_account_idx").on(table.accountId, table.createdAt),
    check("account_invitations_role_check", sql`${table.role} in ('admin', 'developer', 'billing', 'viewer')`),
  ],
);
