import * as api from "@/shared/api/endpoints/mailboxes";
import { methods, route } from "@/server/http/route";
import { createMailbox } from "@/server/services/mailboxes/create-mailbox";
import { listMailboxes } from "@/server/services/mailboxes/list-mailboxes";

// GET /api/v1/mailboxes — the account's mailboxes; POST — create one
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.listMailboxes).handle(({ auth }) => listMailboxes(auth.accountId)),
  route(api.createMailbox).handle(({ auth, body, client }) => createMailbox(auth.accountId, body, client)),
);
