import * as api from "@/shared/api/endpoints/settings";
import { methods, route } from "@/server/http/route";
import { updateSecurityPreferences } from "@/server/services/account/update-security-preferences";

// PUT /api/v1/account/security-preferences — idle timeout and new sign-in emails
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.updateSecurityPreferences).handle(({ auth, body, client }) => updateSecurityPreferences(auth, body, client)),
);
