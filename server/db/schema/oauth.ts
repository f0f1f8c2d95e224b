import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { timestamptz } from "./columns";

/**
 * A sign-in with an identity provider between its start and its callback
 * (docs/oauth.md). Keyed by the SHA-256 of the state; the PKCE verifier and
 * OIDC nonce are sealed; the browser that started it is bound by the hash of
 * a random value kept in its cookie. Spent with one conditional UPDATE.
 */
export const oauthFlows = pgTable(
  "oauth_flows",
  {
    stateHash: text("state_hash").primaryKey(),
    provider: text("provider", { enum: ["google", "github"] }).notNull(),
    browserBindingHash: text("browser_binding_hash").notNull(),
    /** Sealed JSON { codeVerifier?, nonce? } (AES-256-GCM, bound to the state hash). */
    secretsSealed: text("secrets_sealed").notNull(),
    /** Portal path to return to afterwards (already checked to be a same-site path). */
    returnTo: text("return_to"),
    expiresAt: timestamptz("expires_at").notNull(),
    consumedAt: timestamptz("consumed_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [index("oauth_flows_expires_at_idx").on(table.expiresAt)],
);

/** An external identity (provider + its stable subject id) that signs in to an account. */
export const oauthIdentities = pgTable(
  "oauth_identities",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["google", "github"] }).notNull(),
    subject: text("subject").notNull(),
    /** The provider's verified email when last seen (for display only; sign-in goes by subject). */
    email: text("email"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    lastUsedAt: timestamptz("last_used_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("oauth_identities_provider_subject_key").on(table.provider, table.subject),
    index("oauth_identities_account_idx").on(table.accountId),
  ],
);

/**
 * The single-use code the callback hands the portal (60 s), stored as a
 * SHA-256 hash and bound to the same browser as the flow it came from.
 */
export const oauthExchangeCodes = pgTable(
  "oauth_exchange_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["google", "github"] }).notNull(),
    browserBindingHash: text("browser_binding_hash").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    consumedAt: timestamptz("consumed_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [index("oauth_exchange_codes_account_idx").on(table.accountId)],
);
