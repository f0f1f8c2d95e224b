import { methods, route } from "@/server/http/route";
import { getMessage as getAccountMessage } from "@/server/services/messages/read-messages";
import { getMessage } from "@/shared/api/endpoints/messages";

// GET /api/v1/sending/messages/{message_id} — one message and its events
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(getMessage).handle(({ auth, params }) => getAccountMessage(auth, params.message_id)));
