import { methods, route } from "@/server/http/route";
import { sessionPrincipal } from "@/server/services/auth/sending-principal";
import { unsubscribeFromList } from "@/server/services/webmail/unsubscribe-from-list";
import * as api from "@/shared/api/endpoints/mailbox-messages";

// POST /api/v1/mailboxes/{mailbox_id}/messages/{message_id}/unsubscribe — leave the list a received message came from
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.unsubscribeFromList).handle(({ auth, params }) =>
    unsubscribeFromList(sessionPrincipal(auth), params.mailbox_id, params.message_id),
  ),
);
