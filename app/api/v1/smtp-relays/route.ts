import * as api from "@/shared/api/endpoints/smtp-relays";
import { methods, route } from "@/server/http/route";
import { createRelay } from "@/server/services/relays/create-relay";
import { listRelays } from "@/server/services/relays/list-relays";

// GET /api/v1/smtp-relays — the account's relays; POST — add a relay
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.listSmtpRelays).handle(({ auth }) => listRelays(auth.accountId)),
  route(api.createSmtpRelay).handle(({ auth, body, client }) => createRelay(auth.accountId, body, client)),
);
