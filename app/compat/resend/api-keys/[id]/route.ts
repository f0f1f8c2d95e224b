import { resendMethods, resendRoute } from "@/server/compat/resend/resend-route";
import { revokeApiKey } from "@/server/services/api-keys/manage-api-keys";
import { resendIdParams } from "@/shared/schemas/resend-compat";

// DELETE /compat/resend/api-keys/{id} — revoke a key
export const { GET, POST, PUT, PATCH, DELETE } = resendMethods(
  resendRoute({ method: "DELETE", path: "/api-keys/{id}", access: "sending:write", scope: "full", params: resendIdParams }).handle(
    async ({ auth, params, client }) => {
      await revokeApiKey(auth, params.id, client);
      return { object: "api_key", id: params.id, deleted: true };
    },
  ),
);
