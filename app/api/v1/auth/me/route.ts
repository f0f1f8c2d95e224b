import * as api from "@/shared/api/endpoints/auth";
import { methods, route } from "@/server/http/route";
import { accountView } from "@/server/services/account/account-view";

// GET /api/v1/auth/me — the account the session acts in, who acts, and with which role
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.getMe).handle(async ({ auth }) => ({ ...accountView(auth.acting.account), role: auth.acting.role, actor: auth.actor })),
);
