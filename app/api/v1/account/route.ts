import * as api from "@/shared/api/endpoints/settings";
import { methods, route } from "@/server/http/route";
import { scheduleAccountDeletion } from "@/server/services/account/account-deletion";

// DELETE /api/v1/account — schedule erasure 30 days out (fresh session or code)
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.deleteAccount).handle(({ auth, body, client }) => scheduleAccountDeletion(auth, body.code, client)),
);
