import { methods, route } from "@/server/http/route";
import { removeSuppression } from "@/server/services/suppressions/manage-suppressions";
import * as api from "@/shared/api/endpoints/suppressions";

// DELETE /api/v1/sending/suppressions/{email} — let an address receive mail again
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.removeSuppression).handle(async ({ auth, params, client }) => {
    await removeSuppression(auth.accountId, params.email, client);
    return null;
  }),
);
