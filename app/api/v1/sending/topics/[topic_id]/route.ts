import { methods, route } from "@/server/http/route";
import { deleteTopic, updateTopic } from "@/server/services/topics/manage-topics";
import * as api from "@/shared/api/endpoints/topics";

// PATCH, DELETE /api/v1/sending/topics/{topic_id} — change or delete a topic
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.updateTopic).handle(({ auth, params, body, client }) => updateTopic(auth.accountId, params.topic_id, body, client)),
  route(api.deleteTopic).handle(async ({ auth, params, client }) => {
    await deleteTopic(auth.accountId, params.topic_id, client);
    return null;
  }),
);
