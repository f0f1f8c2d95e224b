import * as api from "@/shared/api/endpoints/mailbox-credentials";
import { methods, route } from "@/server/http/route";
import { deleteAppPassword } from "@/server/services/mailboxes/app-passwords";

// DELETE /api/v1/mailboxes/{mailbox_id}/app-passwords/{app_password_id} — delete an app password
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.deleteAppPassword).handle(async ({ auth, params, client }) => {
    await deleteAppPassword(auth.accountId, params.mailbox_id, params.app_password_id, client);
    return null;
  }),
);
