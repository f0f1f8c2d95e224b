import * as api from "@/shared/api/endpoints/email-sign-in";
import { methods, route } from "@/server/http/route";
import { resetPassword } from "@/server/services/auth/reset-password";

// POST /api/v1/auth/password/reset — new password with an emailed code; signs out everywhere
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.resetPassword).handle(async ({ body, client }) => {
    await resetPassword(body, client);
    return null;
  }),
);
