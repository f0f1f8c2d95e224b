import * as api from "@/shared/api/endpoints/mailbox-credentials";
import { methods, route } from "@/server/http/route";
import { createAppPassword, listAppPasswords } from "@/server/services/mailboxes/app-passwords";

// GET /api/v1/mailboxes/{mailbox_id}/app-passwords — the mailbox's app passwords; POST — create one (secret shown once)
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.listAppPasswords).handle(({ auth, params }) => listAppPasswords(auth.accountId, params.mailbox_id)),
  route(api.createAppPassword).handle(({ auth, params, body, client }) =>
    createAppPassword(auth.accountId, params.mailbox_id, body, client),
  ),
);
