import * as api from "@/shared/api/endpoints/teams";
import { methods, route } from "@/server/http/route";
import { changeMemberRole, removeMember } from "@/server/services/teams/change-member";

// PATCH /api/v1/account/members/{member_id} — change a member's role
// DELETE /api/v1/account/members/{member_id} — remove a member (their sessions here end at once)
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.changeMemberRole).handle(({ auth, params, body, client }) => changeMemberRole(auth, params.member_id, body.role, client)),
  route(api.removeMember).handle(({ auth, params, client }) => removeMember(auth, params.member_id, client)),
);
