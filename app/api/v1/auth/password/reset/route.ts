import { resetPassword } from "@/shared/api/endpoints/email-sign-in";
import { methods, route } from "@/server/http/route";
import { resetPassword as resetAccountPassword } from "@/server/services/auth/reset-password";

// POST /api/v1/auth/password/reset — new password with an emailed code; signs out everywhere
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(resetPassword).handle(async ({ body, ip, userAgent }) => {
    await resetAccountPassword(body, { ip, userAgent });
    return null;
  }),
);
