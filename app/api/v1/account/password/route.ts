import * as api from "@/shared/api/endpoints/settings";
import { methods, route } from "@/server/http/route";
import { changePassword } from "@/server/services/account/change-password";

// PUT /api/v1/account/password — change the password; other sessions are signed out
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.changePassword).handle(async ({ auth, body, client }) => {
    await changePassword(auth, body, client);
    return null;
  }),
);
