import { reauthenticate } from "@/shared/api/endpoints/two-factor";
import { methods, route } from "@/server/http/route";
import { reauthenticate as confirmIdentity } from "@/server/services/auth/reauthenticate";

// POST /api/v1/auth/reauthenticate — make the current session fresh for sensitive actions
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(reauthenticate).handle(({ auth, body, ip, userAgent }) => confirmIdentity(auth, body, { ip, userAgent })),
);
