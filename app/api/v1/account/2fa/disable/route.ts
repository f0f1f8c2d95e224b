import { disableTwoFactor } from "@/shared/api/endpoints/two-factor";
import { methods, route } from "@/server/http/route";
import { disableTwoFactor as disableAccountTwoFactor } from "@/server/services/two-factor/manage-two-factor";

// POST /api/v1/account/2fa/disable — turn two-factor off (fresh session or code)
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(disableTwoFactor).handle(async ({ auth, body, ip, userAgent }) => {
    await disableAccountTwoFactor(auth, body.code, { ip, userAgent });
    return null;
  }),
);
