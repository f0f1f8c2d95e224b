import { methods, route } from "@/server/http/route";
import { getMessage } from "@/server/services/messages/read-messages";
import * as api from "@/shared/api/endpoints/messages";

// GET /api/v1/sending/messages/{message_id} — one message and its events
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.getMessage).handle(({ auth, params }) => getMessage(auth, params.message_id)),
);
