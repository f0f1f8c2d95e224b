import * as api from "@/shared/api/endpoints/email-sign-in";
import { methods, route } from "@/server/http/route";
import { setOtpLogin } from "@/server/services/account/set-otp-login";

// PUT /api/v1/account/otp-login — turn sign-in with an emailed code on or off
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.setOtpLogin).handle(({ auth, body, client }) => setOtpLogin(auth, body.enabled, client)),
);
