import { methods, route } from "@/server/http/route";
import { createApiKey, listApiKeys } from "@/server/services/api-keys/manage-api-keys";
import * as api from "@/shared/api/endpoints/api-keys";

// GET, POST /api/v1/sending/api-keys — the account's keys; create one
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.listApiKeys).handle(({ auth }) => listApiKeys(auth)),
  route(api.createApiKey).handle(({ auth, body, client }) => createApiKey(auth, body, client)),
);
