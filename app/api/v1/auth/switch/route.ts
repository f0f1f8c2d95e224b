import * as api from "@/shared/api/endpoints/teams";
import { methods, route } from "@/server/http/route";
import { switchAccount } from "@/server/services/teams/memberships";

// POST /api/v1/auth/switch — a token pair acting in another account one belongs to
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.switchAccount).handle(({ auth, body, client }) => switchAccount(auth, body.accountId, client)),
);
