import { methods, route } from "@/server/http/route";
import { getTemplate } from "@/server/services/templates/manage-templates";
import * as api from "@/shared/api/endpoints/templates";

// GET /api/v1/sending/templates/{template_id}/versions/{version} — one version as it was saved
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.getTemplateVersion).handle(({ auth, params }) => getTemplate(auth.accountId, params.template_id, params.version)),
);
