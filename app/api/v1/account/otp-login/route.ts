import { setOtpLogin } from "@/shared/api/endpoints/email-sign-in";
import { methods, route } from "@/server/http/route";
import { setOtpLogin as setAccountOtpLogin } from "@/server/services/account/set-otp-login";

// PUT /api/v1/account/otp-login — turn sign-in with an emailed code on or off
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(setOtpLogin).handle(({ auth, body, ip, userAgent }) => setAccountOtpLogin(auth, body.enabled, { ip, userAgent })),
);
