import * as api from "@/shared/api/endpoints/mailbox-spam";
import { methods, route } from "@/server/http/route";
import { getMailboxSpamSettings, updateMailboxSpamSettings } from "@/server/services/mailboxes/spam-settings";

// GET /api/v1/mailboxes/{mailbox_id}/spam — the mailbox's spam settings; PUT — replace them
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.getMailboxSpamSettings).handle(({ auth, params }) => getMailboxSpamSettings(auth.accountId, params.mailbox_id)),
  route(api.updateMailboxSpamSettings).handle(({ auth, params, body, client }) =>
    updateMailboxSpamSettings(auth.accountId, params.mailbox_id, body, client),
  ),
);
