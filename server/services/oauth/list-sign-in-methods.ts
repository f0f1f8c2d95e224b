// GET /account/sign-in-methods: how the signed-in account can get in — a
// password or not, and the provider identities linked to it.
import { asc, eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { oauthIdentities } from "@/server/db/schema";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";
import { enabledProviders } from "./providers";

export async function listSignInMethods(auth: AuthContext) {
  const identities = await db()
    .select({
      id: oauthIdentities.id,
      provider: oauthIdentities.provider,
      email: oauthIdentities.email,
      createdAt: oauthIdentities.createdAt,
      lastUsedAt: oauthIdentities.lastUsedAt,
    })
    .from(oauthIdentities)
    .where(eq(oauthIdentities.accountId, auth.accountId))
    .orderBy(asc(oauthIdentities.createdAt));
  return {
    hasPassword: auth.account.passwordHash !== null,
    identities: identities.map((identity) => ({
      ...identity,
      createdAt: identity.createdAt.toISOString(),
      lastUsedAt: identity.lastUsedAt.toISOString(),
    })),
    availableProviders: enabledProviders(),
  };
}
