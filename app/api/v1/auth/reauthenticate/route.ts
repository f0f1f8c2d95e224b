import * as api from "@/shared/api/endpoints/two-factor";
import { methods, route } from "@/server/http/route";
import { reauthenticate } from "@/server/services/auth/reauthenticate";

// POST /api/v1/auth/reauthenticate — make the current session fresh for sensitive actions
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.reauthenticate).handle(({ auth, body, client }) => reauthenticate(auth, body, client)),
);
