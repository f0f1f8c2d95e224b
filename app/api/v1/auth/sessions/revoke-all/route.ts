import * as api from "@/shared/api/endpoints/sessions";
import { methods, route } from "@/server/http/route";
import { revokeOtherSessions } from "@/server/services/sessions/revoke-other-sessions";

// POST /api/v1/auth/sessions/revoke-all — sign out every other session
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.revokeAllSessions).handle(({ auth, body, client }) => revokeOtherSessions(auth, body.confirm, client)),
);
