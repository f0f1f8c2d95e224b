import { updateSecurityPreferences } from "@/shared/api/endpoints/settings";
import { methods, route } from "@/server/http/route";
import { updateSecurityPreferences as savePreferences } from "@/server/services/account/update-security-preferences";

// PUT /api/v1/account/security-preferences — idle timeout and new sign-in emails
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(updateSecurityPreferences).handle(({ auth, body, ip, userAgent }) => savePreferences(auth, body, { ip, userAgent })),
);
