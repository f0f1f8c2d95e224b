import { methods, route } from "@/server/http/route";
import { createTopic, listTopics } from "@/server/services/topics/manage-topics";
import * as api from "@/shared/api/endpoints/topics";

// GET, POST /api/v1/sending/topics — the account's topics; create one
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.listTopics).handle(({ auth }) => listTopics(auth.accountId)),
  route(api.createTopic).handle(({ auth, body, client }) => createTopic(auth.accountId, body, client)),
);
