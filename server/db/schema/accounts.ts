import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    /** Stored trimmed and lower-cased, so uniqueness is case-insensitive. */
    email: text("email").notNull(),
    username: text("username"),
    name: text("name"),
    /** argon2id PHC string; null for accounts that only sign in another way. */
    passwordHash: text("password_hash"),
    planId: text("plan_id").notNull().default("free"),
    /** The plan asked for at registration, kept for the onboarding profile. */
    requestedPlanId: text("requested_plan_id"),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    otpLoginEnabled: boolean("otp_login_enabled").notNull().default(false),
    sessionTimeoutMinutes: integer("session_timeout_minutes").notNull().default(10080),
    notifyNewSignin: boolean("notify_new_signin").notNull().default(true),
    /** Members must have two-factor on to act in this account (checked when they switch into it). */
    requireTwoFactorForMembers: boolean("require_two_factor_for_members").notNull().default(false),
    emailVerifiedAt: timestamptz("email_verified_at"),
    deletionScheduledFor: timestamptz("deletion_scheduled_for"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (table) => [uniqueIndex("accounts_email_key").on(table.email), uniqueIndex("accounts_username_key").on(sql`lower(${table.username})`)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The account the session acts in when it is not the person's own (docs/teams.md); null: their own. */
    actingAccountId: text("acting_account_id").references(() => accounts.id, { onDelete: "cascade" }),
    signInMethod: text("sign_in_method").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    /** Last sign-in or re-authentication: sensitive actions need it within 15 minutes. */
    authenticatedAt: timestamptz("authenticated_at").notNull().defaultNow(),
    lastActiveAt: timestamptz("last_active_at").notNull().defaultNow(),
    /** Absolute lifetime (30 days from sign-in). */
    expiresAt: timestamptz("expires_at").notNull(),
    revokedAt: timestamptz("revoked_at"),
    revokedReason: text("revoked_reason"),
  },
  (table) => [index("sessions_account_id_idx").on(table.accountId), index("sessions_acting_account_id_idx").on(table.actingAccountId)],
);

/**
 * Refresh tokens, stored only as SHA-256 hashes. A rotated token keeps its row
 * (rotated_at set) so a replay can be told apart from an unknown token.
 */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    rotatedAt: timestamptz("rotated_at"),
  },
  (table) => [index("refresh_tokens_session_id_idx").on(table.sessionId)],
);

export const activityEvents = pgTable(
  "activity_events",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    description: text("description").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** Who acted: the signed-in person's email; null when nobody signed in did it (a payment, a delivery). */
    actorEmail: text("actor_email"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [index("activity_events_account_created_idx").on(table.accountId, table.createdAt)],
);
