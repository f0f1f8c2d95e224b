import * as api from "@/shared/api/endpoints/settings";
import { methods, route } from "@/server/http/route";
import { accountView } from "@/server/services/account/account-view";
import { updateProfile } from "@/server/services/account/update-profile";

// GET /api/v1/account/profile — the account; PUT — change the display name
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.getProfile).handle(async ({ auth }) => accountView(auth.account)),
  route(api.updateProfile).handle(({ auth, body, client }) => updateProfile(auth, body.name, client)),
);
