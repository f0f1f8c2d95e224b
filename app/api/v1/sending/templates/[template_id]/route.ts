import { methods, route } from "@/server/http/route";
import { deleteTemplate, getTemplate, replaceTemplate } from "@/server/services/templates/manage-templates";
import * as api from "@/shared/api/endpoints/templates";

// GET, PUT, DELETE /api/v1/sending/templates/{template_id} — read the latest version, save a new one, delete
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.getTemplate).handle(({ auth, params }) => getTemplate(auth.accountId, params.template_id)),
  route(api.replaceTemplate).handle(({ auth, params, body, client }) => replaceTemplate(auth.accountId, params.template_id, body, client)),
  route(api.deleteTemplate).handle(async ({ auth, params, client }) => {
    await deleteTemplate(auth.accountId, params.template_id, client);
    return null;
  }),
);
