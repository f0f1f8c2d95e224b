// API keys of the sending API: what is sent to create one and what comes back.
import { z } from "zod";

export const apiKeyScopes = ["sending", "full", "events:read"] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

export const createApiKeyBody = z
  .strictObject({
    name: z.string().trim().min(1, "Name is required").max(100, "Name must be at most 100 characters"),
    scope: z.enum(apiKeyScopes).default("sending"),
    domainId: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .meta({ description: "Restrict the key to sending from this verified domain of the account." }),
    expiresAt: z.iso.datetime({ offset: true, error: "expiresAt must be an ISO 8601 date-time" }).optional(),
  })
  .meta({ id: "CreateApiKeyRequest" });

export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    scope: z.enum(apiKeyScopes),
    domainId: z.string().nullable(),
    prefix: z.string().meta({ description: "The secret's first characters, to tell keys apart." }),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime().nullable(),
    lastUsedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "ApiKey" });

export type ApiKey = z.infer<typeof apiKeySchema>;

export const createdApiKeySchema = apiKeySchema
  .extend({ secret: z.string().meta({ description: "Shown once; only a hash is kept." }) })
  .meta({ id: "CreatedApiKey" });

export const apiKeyIdParams = z.object({ key_id: z.string() });
