import * as api from "@/shared/api/endpoints/auth";
import { methods, route } from "@/server/http/route";
import { signOut } from "@/server/services/auth/sign-out";

// POST /api/v1/auth/logout — revoke the session of a refresh token
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.logout).handle(async ({ body, client }) => {
    await signOut(body.refreshToken, client);
    return null;
  }),
);
