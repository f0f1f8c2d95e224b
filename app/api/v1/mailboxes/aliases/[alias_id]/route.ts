import * as api from "@/shared/api/endpoints/mailbox-credentials";
import { methods, route } from "@/server/http/route";
import { deleteAlias } from "@/server/services/mailboxes/aliases";

// DELETE /api/v1/mailboxes/aliases/{alias_id} — delete an alias or catch-all
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.deleteMailboxAlias).handle(async ({ auth, params, client }) => {
    await deleteAlias(auth.accountId, params.alias_id, client);
    return null;
  }),
);
