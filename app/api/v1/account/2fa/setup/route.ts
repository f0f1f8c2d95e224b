import * as api from "@/shared/api/endpoints/two-factor";
import { methods, route } from "@/server/http/route";
import { startTwoFactorSetup } from "@/server/services/two-factor/manage-two-factor";

// POST /api/v1/account/2fa/setup — a new TOTP secret to confirm
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(api.setupTwoFactor).handle(({ auth }) => startTwoFactorSetup(auth)));
