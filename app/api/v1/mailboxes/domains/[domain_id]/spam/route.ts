import * as api from "@/shared/api/endpoints/mailbox-spam";
import { methods, route } from "@/server/http/route";
import { getDomainSpamLists, updateDomainSpamLists } from "@/server/services/mailboxes/spam-settings";

// GET /api/v1/mailboxes/domains/{domain_id}/spam — the spam lists of every mailbox on a domain; PUT — replace them
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.getDomainSpamLists).handle(({ auth, params }) => getDomainSpamLists(auth.accountId, params.domain_id)),
  route(api.updateDomainSpamLists).handle(({ auth, params, body, client }) =>
    updateDomainSpamLists(auth.accountId, params.domain_id, body, client),
  ),
);
