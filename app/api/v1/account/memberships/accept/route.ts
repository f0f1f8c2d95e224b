import * as api from "@/shared/api/endpoints/teams";
import { methods, route } from "@/server/http/route";
import { acceptInvitation } from "@/server/services/teams/accept-invitation";

// POST /api/v1/account/memberships/accept — join an account by its invitation
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.acceptInvitation).handle(({ auth, body, client }) => acceptInvitation(auth.account, body.token, client)),
);
