import * as api from "@/shared/api/endpoints/teams";
import { methods, route } from "@/server/http/route";
import { listMemberships } from "@/server/services/teams/memberships";

// GET /api/v1/auth/memberships — the accounts the signed-in person may act in
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(api.listMemberships).handle(({ auth }) => listMemberships(auth.person)));
