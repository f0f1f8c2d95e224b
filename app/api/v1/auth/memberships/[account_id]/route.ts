import * as api from "@/shared/api/endpoints/teams";
import { methods, route } from "@/server/http/route";
import { leaveMembership } from "@/server/services/teams/memberships";

// DELETE /api/v1/auth/memberships/{account_id} — leave a team
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.leaveMembership).handle(({ auth, params, client }) => leaveMembership(auth.person, params.account_id, client)),
);
