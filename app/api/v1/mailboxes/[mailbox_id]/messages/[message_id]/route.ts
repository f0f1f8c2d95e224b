import { methods, route } from "@/server/http/route";
import { deleteMailboxMessage } from "@/server/services/mailboxes/delete-mailbox-message";
import { getMailboxMessage } from "@/server/services/mailboxes/get-mailbox-message";
import * as api from "@/shared/api/endpoints/mailbox-messages";

// GET /api/v1/mailboxes/{mailbox_id}/messages/{message_id} — one message, parsed
// DELETE /api/v1/mailboxes/{mailbox_id}/messages/{message_id} — delete it
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.getMailboxMessage).handle(({ auth, params }) => getMailboxMessage(auth.accountId, params.mailbox_id, params.message_id)),
  route(api.deleteMailboxMessage).handle(({ auth, params }) => deleteMailboxMessage(auth.accountId, params.mailbox_id, params.message_id)),
);
