import { cancelAccountDeletion } from "@/shared/api/endpoints/settings";
import { methods, route } from "@/server/http/route";
import { cancelAccountDeletion as cancelDeletion } from "@/server/services/account/account-deletion";

// POST /api/v1/account/deletion/cancel — keep the account
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(cancelAccountDeletion).handle(async ({ auth, ip, userAgent }) => {
    await cancelDeletion(auth, { ip, userAgent });
    return null;
  }),
);
