import * as api from "@/shared/api/endpoints/smtp-relays";
import { methods, route } from "@/server/http/route";
import { testRelay } from "@/server/services/relays/test-relay";

// POST /api/v1/smtp-relays/{id}/test — connect to the relay and store the outcome
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.testSmtpRelay).handle(async ({ auth, params, client, response }) => {
    const { relay, message } = await testRelay(auth.accountId, params.id, client);
    response.message = message;
    return relay;
  }),
);
