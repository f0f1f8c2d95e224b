import * as api from "@/shared/api/endpoints/sessions";
import { methods, route } from "@/server/http/route";
import { listSessions } from "@/server/services/sessions/list-sessions";

// GET /api/v1/auth/sessions — the account's live sessions
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(api.listSessions).handle(({ auth }) => listSessions(auth)));
