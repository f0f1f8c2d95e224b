import { methods, route } from "@/server/http/route";
import { previewTemplate } from "@/server/services/templates/render-template";
import * as api from "@/shared/api/endpoints/templates";

// POST /api/v1/sending/templates/preview — a template being written, rendered with sample variables, nothing stored
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.previewTemplate).handle(({ auth, body }) => previewTemplate(auth.accountId, body)),
);
