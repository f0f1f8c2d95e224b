import { z } from "zod";
import { apiKeyIdParams, apiKeySchema, createApiKeyBody, createdApiKeySchema } from "@/shared/schemas/api-keys";
import { defineEndpoint } from "../endpoint";

export const createApiKey = defineEndpoint({
  method: "POST",
  path: "/sending/api-keys",
  operationId: "createApiKey",
  access: "sending:write",
  summary: "Create an API key for the sending API",
  description:
    "The answer carries `secret` once; only a hash is stored. Scope `sending` sends and reads messages; `full` does every Sending operation; `events:read` only reads the event feed. `domainId` restricts the key to sending from that domain. Keys are managed with a signed-in session only: a key cannot create or revoke keys. An account has at most 50 keys that work (revoked and expired ones do not count): one more is 409 `plan_limit`.",
  tag: "API keys",
  auth: "bearer",
  body: createApiKeyBody,
  response: createdApiKeySchema,
  status: 201,
  message: "API key created. Copy the secret now: it is not shown again.",
  errors: ["plan_limit"],
});

export const listApiKeys = defineEndpoint({
  method: "GET",
  path: "/sending/api-keys",
  operationId: "listApiKeys",
  access: "sending:read",
  summary: "The account's API keys (never their secrets)",
  tag: "API keys",
  auth: "bearer",
  response: z.array(apiKeySchema),
  message: "OK",
});

export const revokeApiKey = defineEndpoint({
  method: "DELETE",
  path: "/sending/api-keys/{key_id}",
  operationId: "revokeApiKey",
  access: "sending:write",
  summary: "Revoke an API key",
  description: "The key stops working at once. Unknown, revoked or other accounts' keys answer 404.",
  tag: "API keys",
  auth: "bearer",
  params: apiKeyIdParams,
  response: z.null(),
  message: "API key revoked",
  errors: ["not_found"],
});
