import * as api from "@/shared/api/endpoints/settings";
import { methods, route } from "@/server/http/route";
import { cancelAccountDeletion } from "@/server/services/account/account-deletion";

// POST /api/v1/account/deletion/cancel — keep the account
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.cancelAccountDeletion).handle(async ({ auth, client }) => {
    await cancelAccountDeletion(auth, client);
    return null;
  }),
);
