import * as api from "@/shared/api/endpoints/email-sign-in";
import { methods, route } from "@/server/http/route";
import { sendEmailedSecret } from "@/server/services/auth/send-emailed-secret";

// POST /api/v1/auth/password/forgot — email a reset code (same answer for every email)
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.forgotPassword).handle(async ({ body, client }) => {
    await sendEmailedSecret("password_reset", body.email, client);
    return null;
  }),
);
