import * as api from "@/shared/api/endpoints/mailboxes";
import { methods, route } from "@/server/http/route";
import { deleteMailbox } from "@/server/services/mailboxes/delete-mailbox";
import { getOwnedMailboxOrThrow, mailboxView } from "@/server/services/mailboxes/mailbox-view";
import { updateMailbox } from "@/server/services/mailboxes/update-mailbox";

// GET /api/v1/mailboxes/{mailbox_id} — one mailbox; PATCH — change it; DELETE — remove it
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.getMailbox).handle(async ({ auth, params }) => mailboxView(await getOwnedMailboxOrThrow(auth.accountId, params.mailbox_id))),
  route(api.updateMailbox).handle(({ auth, params, body, client }) => updateMailbox(auth.accountId, params.mailbox_id, body, client)),
  route(api.deleteMailbox).handle(async ({ auth, params, client }) => {
    await deleteMailbox(auth.accountId, params.mailbox_id, client);
    return null;
  }),
);
