import { methods, route } from "@/server/http/route";
import { listMailboxMessages } from "@/server/services/webmail/list-mailbox-messages";
import * as api from "@/shared/api/endpoints/mailbox-messages";

// GET /api/v1/mailboxes/{mailbox_id}/messages — a folder (INBOX by default), newest first, with search
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.listMailboxMessages).handle(({ auth, params, query }) => listMailboxMessages(auth.accountId, params.mailbox_id, query)),
);
