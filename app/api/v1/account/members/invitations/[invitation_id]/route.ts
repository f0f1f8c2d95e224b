import * as api from "@/shared/api/endpoints/teams";
import { methods, route } from "@/server/http/route";
import { revokeInvitation } from "@/server/services/teams/revoke-invitation";

// DELETE /api/v1/account/members/invitations/{invitation_id} — revoke a pending invitation
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.revokeInvitation).handle(({ auth, params, client }) => revokeInvitation(auth.accountId, params.invitation_id, client)),
);
