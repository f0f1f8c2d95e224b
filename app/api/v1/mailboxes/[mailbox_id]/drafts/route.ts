import { methods, route } from "@/server/http/route";
import { saveDraft } from "@/server/services/webmail/drafts";
import * as api from "@/shared/api/endpoints/mailbox-compose";

// POST /api/v1/mailboxes/{mailbox_id}/drafts — save a draft in Drafts
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.saveMailboxDraft).handle(({ auth, params, body }) => saveDraft(auth.accountId, params.mailbox_id, body)),
);
