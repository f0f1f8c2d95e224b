import { methods, route } from "@/server/http/route";
import { createApiKey as createAccountApiKey, listApiKeys as listAccountApiKeys } from "@/server/services/api-keys/manage-api-keys";
import { createApiKey, listApiKeys } from "@/shared/api/endpoints/api-keys";

// GET, POST /api/v1/sending/api-keys — the account's keys; create one
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(listApiKeys).handle(({ auth }) => listAccountApiKeys(auth)),
  route(createApiKey).handle(({ auth, body, ip, userAgent }) => createAccountApiKey(auth, body, { ip, userAgent })),
);
