import { methods, route } from "@/server/http/route";
import { revokeApiKey as revokeAccountApiKey } from "@/server/services/api-keys/manage-api-keys";
import { revokeApiKey } from "@/shared/api/endpoints/api-keys";

// DELETE /api/v1/sending/api-keys/{key_id} — revoke a key
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(revokeApiKey).handle(async ({ auth, params, ip, userAgent }) => {
    await revokeAccountApiKey(auth, params.key_id, { ip, userAgent });
    return null;
  }),
);
