import * as api from "@/shared/api/endpoints/smtp-relays";
import { methods, route } from "@/server/http/route";
import { deleteRelay } from "@/server/services/relays/delete-relay";
import { getRelayOrThrow } from "@/server/services/relays/find-relay";
import { relayView } from "@/server/services/relays/relay-view";
import { updateRelay } from "@/server/services/relays/update-relay";

// GET /api/v1/smtp-relays/{id} — one relay; PATCH — change it; DELETE — remove it
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.getSmtpRelay).handle(async ({ auth, params }) => relayView(await getRelayOrThrow(auth.accountId, params.id))),
  route(api.updateSmtpRelay).handle(({ auth, params, body, client }) => updateRelay(auth.accountId, params.id, body, client)),
  route(api.deleteSmtpRelay).handle(async ({ auth, params, client }) => {
    await deleteRelay(auth.accountId, params.id, client);
    return null;
  }),
);
