import { methods, route } from "@/server/http/route";
import { listSubscriptions } from "@/server/services/topics/subscriptions";
import * as api from "@/shared/api/endpoints/topics";

// GET /api/v1/sending/subscriptions?email= — an address's recorded choices about the account's topics
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.listSubscriptions).handle(({ auth, query }) => listSubscriptions(auth.accountId, query.email)),
);
