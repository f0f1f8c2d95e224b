import { listSessions } from "@/shared/api/endpoints/sessions";
import { methods, route } from "@/server/http/route";
import { listSessions as listAccountSessions } from "@/server/services/sessions/list-sessions";

// GET /api/v1/auth/sessions — the account's live sessions
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(listSessions).handle(({ auth }) => listAccountSessions(auth)));
