import type { apiKeys } from "@/server/db/schema";
import type { ApiKey, ApiKeyScope } from "@/shared/schemas/api-keys";

export function apiKeyView(row: typeof apiKeys.$inferSelect): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as ApiKeyScope,
    domainId: row.domainId,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
