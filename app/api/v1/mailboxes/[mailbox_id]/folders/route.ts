import { methods, route } from "@/server/http/route";
import { createMailboxFolder, listMailboxFolders } from "@/server/services/webmail/mailbox-folders";
import * as api from "@/shared/api/endpoints/mailbox-folders";

// GET /api/v1/mailboxes/{mailbox_id}/folders — the folders with their counts
// POST /api/v1/mailboxes/{mailbox_id}/folders — create one
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.listMailboxFolders).handle(({ auth, params }) => listMailboxFolders(auth.accountId, params.mailbox_id)),
  route(api.createMailboxFolder).handle(({ auth, params, body }) => createMailboxFolder(auth.accountId, params.mailbox_id, body.name)),
);
