// Creating, listing and revoking the account's API keys: by signed-in people
// under /api/v1, and by an unrestricted `full` key on the Resend-compatible
// surface, as Resend's own keys may. The secret exists in plain text only in
// the creation answer.
import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { apiKeys } from "@/server/db/schema";
import { AppError, notFound } from "@/server/errors";
import { newId } from "@/server/ids";
import { newApiKeySecret } from "@/server/security/api-key-secret";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { ClientInfo } from "@/shared/api/client-info";
import type { createApiKeyBody } from "@/shared/schemas/api-keys";
import type { z } from "zod";
import { apiKeyView } from "./api-key-view";
import { assertDomainUsable } from "./key-domain";

/** Whose keys: the account a session acts in, or the account of the key that asks. */
type KeyOwner = { accountId: string };

/** Keys an account may have that still work (docs/sending-api.md); revoked and expired ones do not count. */
const MAX_LIVE_KEYS = 50;

export async function createApiKey(auth: KeyOwner, input: z.output<typeof createApiKeyBody>, client: ClientInfo) {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt <= now()) {
    throw new AppError("validation_error", "expiresAt must be in the future.", {
      errors: [{ path: "expiresAt", message: "Must be in the future" }],
    });
  }
  if (input.domainId) await assertDomainUsable(auth.accountId, input.domainId);
  const { secret, hash, prefix } = newApiKeySecret();
  return db().transaction(async (tx) => {
    // One creation per account at a time, so two at once cannot both take the last place.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`api_keys:${auth.accountId}`}, 0))`);
    const live = await tx.$count(
      apiKeys,
      and(eq(apiKeys.accountId, auth.accountId), isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now()))),
    );
    if (live >= MAX_LIVE_KEYS)
      throw new AppError(
        "plan_limit",
        `An account can have at most ${MAX_LIVE_KEYS} API keys that work; revoke one you no longer use first.`,
      );
    const [row] = await tx
      .insert(apiKeys)
      .values({
        id: newId("key"),
        accountId: auth.accountId,
        name: input.name,
        scope: input.scope,
        domainId: input.domainId ?? null,
        prefix,
        secretHash: hash,
        expiresAt,
      })
      .returning();
    await recordActivity(
      {
        accountId: auth.accountId,
        type: "api_key.created",
        description: `Created API key “${input.name}”`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { keyId: row!.id, scope: input.scope, prefix },
      },
      tx,
    );
    return { ...apiKeyView(row!), secret };
  });
}

export async function listApiKeys(auth: KeyOwner) {
  const rows = await db()
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, auth.accountId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(apiKeyView);
}

export async function revokeApiKey(auth: KeyOwner, keyId: string, client: ClientInfo): Promise<void> {
  await db().transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: now() })
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, auth.accountId), isNull(apiKeys.revokedAt)))
      .returning();
    if (!row) throw notFound("API key");
    await recordActivity(
      {
        accountId: auth.accountId,
        type: "api_key.revoked",
        description: `Revoked API key “${row.name}”`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { keyId: row.id, prefix: row.prefix },
      },
      tx,
    );
  });
}
