import { changePassword } from "@/shared/api/endpoints/settings";
import { methods, route } from "@/server/http/route";
import { changePassword as changeAccountPassword } from "@/server/services/account/change-password";

// PUT /api/v1/account/password — change the password; other sessions are signed out
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(changePassword).handle(async ({ auth, body, ip, userAgent }) => {
    await changeAccountPassword(auth, body, { ip, userAgent });
    return null;
  }),
);
