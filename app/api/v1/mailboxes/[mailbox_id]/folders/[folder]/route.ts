import { methods, route } from "@/server/http/route";
import { deleteMailboxFolder, renameMailboxFolder } from "@/server/services/webmail/mailbox-folders";
import * as api from "@/shared/api/endpoints/mailbox-folders";

// PATCH /api/v1/mailboxes/{mailbox_id}/folders/{folder} — rename it
// DELETE /api/v1/mailboxes/{mailbox_id}/folders/{folder} — delete it with its messages
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.renameMailboxFolder).handle(({ auth, params, body }) =>
    renameMailboxFolder(auth.accountId, params.mailbox_id, params.folder, body.name),
  ),
  route(api.deleteMailboxFolder).handle(({ auth, params }) => deleteMailboxFolder(auth.accountId, params.mailbox_id, params.folder)),
);
