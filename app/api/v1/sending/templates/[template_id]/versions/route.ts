import { methods, route } from "@/server/http/route";
import { listTemplateVersions } from "@/server/services/templates/manage-templates";
import * as api from "@/shared/api/endpoints/templates";

// GET /api/v1/sending/templates/{template_id}/versions — every version, newest first
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.listTemplateVersions).handle(({ auth, params }) => listTemplateVersions(auth.accountId, params.template_id)),
);
