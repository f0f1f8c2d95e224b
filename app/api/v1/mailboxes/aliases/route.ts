import * as api from "@/shared/api/endpoints/mailbox-credentials";
import { methods, route } from "@/server/http/route";
import { createAlias, listAliases } from "@/server/services/mailboxes/aliases";

// GET /api/v1/mailboxes/aliases — the account's aliases and catch-alls; POST — create one
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.listMailboxAliases).handle(({ auth }) => listAliases(auth.accountId)),
  route(api.createMailboxAlias).handle(({ auth, body, client }) => createAlias(auth.accountId, body, client)),
);
