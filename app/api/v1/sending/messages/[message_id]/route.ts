import { methods, route } from "@/server/http/route";
import { getMessage } from "@/server/services/messages/read-messages";
import { rescheduleMessage } from "@/server/services/messages/reschedule-message";
import * as api from "@/shared/api/endpoints/messages";

// GET /api/v1/sending/messages/{message_id} — one message and its events
// PATCH /api/v1/sending/messages/{message_id} — move a scheduled message to another time
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.getMessage).handle(({ auth, params }) => getMessage(auth, params.message_id)),
  route(api.rescheduleMessage).handle(({ auth, params, body }) => rescheduleMessage(auth, params.message_id, body.scheduledAt)),
);
