import { methods, route } from "@/server/http/route";
import { revokeApiKey } from "@/server/services/api-keys/manage-api-keys";
import * as api from "@/shared/api/endpoints/api-keys";

// DELETE /api/v1/sending/api-keys/{key_id} — revoke a key
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.revokeApiKey).handle(async ({ auth, params, client }) => {
    await revokeApiKey(auth, params.key_id, client);
    return null;
  }),
);
