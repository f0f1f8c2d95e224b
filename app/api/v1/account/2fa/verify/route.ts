import * as api from "@/shared/api/endpoints/two-factor";
import { methods, route } from "@/server/http/route";
import { confirmTwoFactor } from "@/server/services/two-factor/manage-two-factor";

// POST /api/v1/account/2fa/verify — confirm setup; returns recovery codes once
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.verifyTwoFactor).handle(({ auth, body, client }) => confirmTwoFactor(auth, body.code, client)),
);
