import { methods, route } from "@/server/http/route";
import { deleteMailboxMessage } from "@/server/services/webmail/delete-mailbox-message";
import { getMailboxMessage } from "@/server/services/webmail/get-mailbox-message";
import { updateMailboxMessage } from "@/server/services/webmail/update-mailbox-message";
import * as api from "@/shared/api/endpoints/mailbox-messages";

// GET /api/v1/mailboxes/{mailbox_id}/messages/{message_id} — one message, parsed
// PATCH /api/v1/mailboxes/{mailbox_id}/messages/{message_id} — read/flagged, move to a folder
// DELETE /api/v1/mailboxes/{mailbox_id}/messages/{message_id} — to Trash; from Trash for good
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.getMailboxMessage).handle(({ auth, params, query }) =>
    getMailboxMessage(auth.accountId, params.mailbox_id, params.message_id, { folder: query.folder, uid: query.uid }),
  ),
  route(api.updateMailboxMessage).handle(({ auth, params, body }) =>
    updateMailboxMessage(auth.accountId, params.mailbox_id, params.message_id, body),
  ),
  route(api.deleteMailboxMessage).handle(({ auth, params }) => deleteMailboxMessage(auth.accountId, params.mailbox_id, params.message_id)),
);
