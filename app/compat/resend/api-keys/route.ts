import { apiKeyObject } from "@/server/compat/resend/api-key-object";
import { pageOfList } from "@/server/compat/resend/page-of-list";
import { resendMethods, resendRoute } from "@/server/compat/resend/resend-route";
import { createApiKey, listApiKeys } from "@/server/services/api-keys/manage-api-keys";
import { resendCreateApiKeyBody, resendListQuery } from "@/shared/schemas/resend-compat";

// POST /compat/resend/api-keys — create a key (`full_access` or `sending_access`, optionally one domain)
// GET /compat/resend/api-keys — the account's keys that work
export const { GET, POST, PUT, PATCH, DELETE } = resendMethods(
  resendRoute({ method: "POST", path: "/api-keys", access: "sending:write", scope: "full", body: resendCreateApiKeyBody }).handle(
    async ({ auth, body, client }) => {
      const key = await createApiKey(auth, body, client);
      return { id: key.id, token: key.secret };
    },
  ),
  resendRoute({ method: "GET", path: "/api-keys", access: "sending:read", scope: "full", query: resendListQuery }).handle(
    async ({ auth, query }) => pageOfList((await listApiKeys(auth)).map(apiKeyObject), query),
  ),
);
