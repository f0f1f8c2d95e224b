import * as api from "@/shared/api/endpoints/mailbox-rules";
import { methods, route } from "@/server/http/route";
import { getMailboxRules, putMailboxRules } from "@/server/services/mailboxes/mailbox-rules";

// GET /api/v1/mailboxes/{mailbox_id}/rules — the mailbox's rules and their Sieve script; PUT — replace them
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.getMailboxRules).handle(({ auth, params }) => getMailboxRules(auth.accountId, params.mailbox_id)),
  route(api.putMailboxRules).handle(({ auth, params, body, client }) => putMailboxRules(auth.accountId, params.mailbox_id, body, client)),
);
