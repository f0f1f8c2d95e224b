// Which account a provider sign-in lands in (docs/oauth.md):
// - an identity (provider + subject) already linked signs in to its account;
// - otherwise the provider must say the email is verified (else
//   email_not_verified: never linked, never created);
// - an account with that email is linked; one whose email was never proven
//   here loses its password, two-factor and sessions first, so whoever
//   registered the address in advance cannot keep a way in;
// - no account: a new one, password-less, its email proven by the provider.
import { and, eq } from "drizzle-orm";
import { now } from "@/server/clock";
import { db, type Executor } from "@/server/db/client";
import { accounts, oauthIdentities, recoveryCodes, twoFactorSecrets } from "@/server/db/schema";
import { isUniqueViolation } from "@/server/db/database-errors";
import { newId } from "@/server/ids";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { ClientInfo } from "@/shared/api/client-info";
import { CallbackError, type ProviderIdentity } from "./provider-identity";
import { providerNames } from "./providers";
import { revokeAccountSessions } from "@/server/services/sessions/revoke-account-sessions";

type Account = typeof accounts.$inferSelect;

async function signInThroughLinkedIdentity(tx: Executor, identity: ProviderIdentity): Promise<Account | null> {
  const [linked] = await tx
    .select({ account: accounts, identityId: oauthIdentities.id })
    .from(oauthIdentities)
    .innerJoin(accounts, eq(accounts.id, oauthIdentities.accountId))
    .where(and(eq(oauthIdentities.provider, identity.provider), eq(oauthIdentities.subject, identity.subject)))
    .limit(1);
  if (!linked) return null;
  await tx
    .update(oauthIdentities)
    .set({ lastUsedAt: now(), ...(identity.email && identity.emailVerified ? { email: identity.email } : {}) })
    .where(eq(oauthIdentities.id, linked.identityId));
  return linked.account;
}

/** Pre-registration hijacking defence: the unproven account's other ways in are removed. */
async function takeOverUnprovenAccount(tx: Executor, account: Account): Promise<{ account: Account; removed: Record<string, unknown> }> {
  const at = now();
  await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.accountId, account.id));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, account.id));
  const revoked = await revokeAccountSessions(tx, account.id, "email_proven_by_provider", { at });
  const [updated] = await tx
    .update(accounts)
    .set({ passwordHash: null, twoFactorEnabled: false, emailVerifiedAt: at, updatedAt: at })
    .where(eq(accounts.id, account.id))
    .returning();
  return {
    account: updated!,
    removed: {
      sessionsRevoked: revoked.length,
      passwordRemoved: account.passwordHash !== null,
      twoFactorRemoved: account.twoFactorEnabled,
    },
  };
}

async function createAccountFor(tx: Executor, identity: ProviderIdentity & { email: string }, client: ClientInfo): Promise<Account> {
  const at = now();
  const [account] = await tx
    .insert(accounts)
    .values({
      id: newId("acc"),
      email: identity.email,
      name: identity.name?.slice(0, 200) ?? null,
      planId: "free",
      emailVerifiedAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  await recordActivity(
    {
      accountId: account!.id,
      type: "account.created",
      description: `Account created with ${providerNames[identity.provider]}`,
      ip: client.ip,
      userAgent: client.userAgent,
      metadata: { provider: identity.provider },
    },
    tx,
  );
  return account!;
}

async function resolveInTransaction(tx: Executor, identity: ProviderIdentity, client: ClientInfo): Promise<Account> {
  const linked = await signInThroughLinkedIdentity(tx, identity);
  if (linked) return linked;
  const email = identity.email;
  if (!email || !identity.emailVerified) {
    throw new CallbackError(
      "email_not_verified",
      `${providerNames[identity.provider]} did not confirm that this email address is verified`,
    );
  }
  const [existing] = await tx.select().from(accounts).where(eq(accounts.email, email)).limit(1);
  let account: Account;
  let removed: Record<string, unknown> | null = null;
  if (existing?.emailVerifiedAt) {
    account = existing;
  } else if (existing) {
    ({ account, removed } = await takeOverUnprovenAccount(tx, existing));
  } else {
    account = await createAccountFor(tx, { ...identity, email }, client);
  }
  const at = now();
  await tx.insert(oauthIdentities).values({
    id: newId("oid"),
    accountId: account.id,
    provider: identity.provider,
    subject: identity.subject,
    email,
    createdAt: at,
    lastUsedAt: at,
  });
  if (existing) {
    await recordActivity(
      {
        accountId: account.id,
        type: "security.sign_in_method_linked",
        description: removed
          ? `${providerNames[identity.provider]} sign-in linked (${email}); the email had never been proven, so the password, two-factor and sessions set up before were removed`
          : `${providerNames[identity.provider]} sign-in linked (${email})`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { provider: identity.provider, ...removed },
      },
      tx,
    );
  }
  return account;
}

/**
 * The account to sign in. Two callbacks for one new person racing (two tabs)
 * meet at a unique index; the loser retries once and finds the winner's rows.
 */
export async function resolveOAuthAccount(identity: ProviderIdentity, client: ClientInfo): Promise<Account> {
  try {
    return await db().transaction((tx) => resolveInTransaction(tx, identity, client));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return db().transaction((tx) => resolveInTransaction(tx, identity, client));
  }
}
