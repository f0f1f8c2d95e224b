import * as api from "@/shared/api/endpoints/sessions";
import { methods, route } from "@/server/http/route";
import { revokeAccountSession } from "@/server/services/sessions/revoke-account-session";

// DELETE /api/v1/auth/sessions/{session_id} — sign out one session
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.revokeSession).handle(async ({ auth, params, client }) => {
    await revokeAccountSession(auth, params.session_id, client);
    return null;
  }),
);
