import { methods, route } from "@/server/http/route";
import { putSubscriptions } from "@/server/services/topics/subscriptions";
import * as api from "@/shared/api/endpoints/topics";

// PUT /api/v1/sending/subscriptions/{email} — set an address's subscriptions
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.putSubscriptions).handle(({ auth, params, body, client }) =>
    putSubscriptions(auth.accountId, params.email, body.topics, client),
  ),
);
