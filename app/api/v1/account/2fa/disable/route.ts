import * as api from "@/shared/api/endpoints/two-factor";
import { methods, route } from "@/server/http/route";
import { disableTwoFactor } from "@/server/services/two-factor/manage-two-factor";

// POST /api/v1/account/2fa/disable — turn two-factor off (fresh session or code)
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.disableTwoFactor).handle(async ({ auth, body, client }) => {
    await disableTwoFactor(auth, body.code, client);
    return null;
  }),
);
