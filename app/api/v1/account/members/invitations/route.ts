import * as api from "@/shared/api/endpoints/teams";
import { methods, route } from "@/server/http/route";
import { inviteMember } from "@/server/services/teams/invite-member";
import { listInvitations } from "@/server/services/teams/list-invitations";

// POST /api/v1/account/members/invitations — invite someone with a role
// GET /api/v1/account/members/invitations — pending invitations
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.inviteMember).handle(({ auth, body, client }) => inviteMember(auth, body, client)),
  route(api.listInvitations).handle(({ auth }) => listInvitations(auth.accountId)),
);
