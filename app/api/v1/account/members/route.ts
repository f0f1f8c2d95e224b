import * as api from "@/shared/api/endpoints/teams";
import { methods, route } from "@/server/http/route";
import { listMembers } from "@/server/services/teams/list-members";

// GET /api/v1/account/members — the owner, then the members
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(api.listMembers).handle(({ auth }) => listMembers(auth.accountId)));
