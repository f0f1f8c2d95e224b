import * as api from "@/shared/api/endpoints/email-sign-in";
import { methods, route } from "@/server/http/route";
import { sendEmailedSecret } from "@/server/services/auth/send-emailed-secret";

// POST /api/v1/auth/otp/send — email a sign-in code (same answer for every email)
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.sendSignInCode).handle(async ({ body, client }) => {
    await sendEmailedSecret("sign_in_code", body.email, client);
    return null;
  }),
);
