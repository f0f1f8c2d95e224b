import { methods, route } from "@/server/http/route";
import { replaceDraft } from "@/server/services/webmail/drafts";
import * as api from "@/shared/api/endpoints/mailbox-compose";

// PUT /api/v1/mailboxes/{mailbox_id}/drafts/{draft_id} — a new version of the draft (a new id)
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.replaceMailboxDraft).handle(({ auth, params, body }) => replaceDraft(auth.accountId, params.mailbox_id, params.draft_id, body)),
);
