import { bigint, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { timestamptz } from "./columns";

/**
 * TOTP state, apart from the account row so ordinary account reads never
 * carry it. Secrets are sealed (AES-256-GCM, bound to the account id).
 */
export const twoFactorSecrets = pgTable("two_factor_secrets", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  /** The confirmed secret; null while two-factor is off. */
  secretSealed: text("secret_sealed"),
  /** Set by setup, replaced by every new setup, promoted by verify. */
  pendingSecretSealed: text("pending_secret_sealed"),
  pendingCreatedAt: timestamptz("pending_created_at"),
  /** The last accepted 30-second step: a code is never accepted twice. */
  lastAcceptedStep: bigint("last_accepted_step", { mode: "number" }),
  enabledAt: timestamptz("enabled_at"),
});

export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [uniqueIndex("recovery_codes_account_hash_key").on(table.accountId, table.codeHash)],
);

/** A sign-in waiting for its second factor (single use, short-lived). */
export const twoFactorChallenges = pgTable(
  "two_factor_challenges",
  {
    tokenHash: text("token_hash").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    signInMethod: text("sign_in_method").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamptz("expires_at").notNull(),
    consumedAt: timestamptz("consumed_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [index("two_factor_challenges_account_idx").on(table.accountId)],
);
