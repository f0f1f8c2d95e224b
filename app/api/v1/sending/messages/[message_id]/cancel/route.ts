import { methods, route } from "@/server/http/route";
import { cancelMessage as cancelAccountMessage } from "@/server/services/messages/cancel-message";
import { cancelMessage } from "@/shared/api/endpoints/messages";

// POST /api/v1/sending/messages/{message_id}/cancel — stop a scheduled message
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(cancelMessage).handle(({ auth, params }) => cancelAccountMessage(auth, params.message_id)));
