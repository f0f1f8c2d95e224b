// An API key as Resend's API lists one. Its secret is never shown again after creation.
import type { ApiKey } from "@/shared/schemas/api-keys";

export const apiKeyObject = (key: ApiKey) => ({ id: key.id, name: key.name, created_at: key.createdAt, last_used_at: key.lastUsedAt });
