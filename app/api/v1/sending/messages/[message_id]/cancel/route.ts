import { methods, route } from "@/server/http/route";
import { cancelMessage } from "@/server/services/messages/cancel-message";
import * as api from "@/shared/api/endpoints/messages";

// POST /api/v1/sending/messages/{message_id}/cancel — stop a scheduled message
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.cancelMessage).handle(({ auth, params }) => cancelMessage(auth, params.message_id)),
);
