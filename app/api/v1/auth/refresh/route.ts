import * as api from "@/shared/api/endpoints/auth";
import { methods, route } from "@/server/http/route";
import { refreshSession } from "@/server/services/auth/refresh-session";

// POST /api/v1/auth/refresh — rotate the refresh token
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.refresh).handle(({ body, client }) => refreshSession(body.refreshToken, client)),
);
