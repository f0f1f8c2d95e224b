import { methods, route } from "@/server/http/route";
import { renderTemplate } from "@/server/services/templates/render-template";
import * as api from "@/shared/api/endpoints/templates";

// POST /api/v1/sending/templates/{template_id}/render — what a send with these variables would carry, nothing sent
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.renderTemplate).handle(({ auth, params, body }) => renderTemplate(auth.accountId, params.template_id, body)),
);
