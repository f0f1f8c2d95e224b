import { methods, route } from "@/server/http/route";
import { createTemplate, listTemplates } from "@/server/services/templates/manage-templates";
import * as api from "@/shared/api/endpoints/templates";

// GET, POST /api/v1/sending/templates — the account's templates and layouts; create one
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.listTemplates).handle(({ auth, query }) => listTemplates(auth.accountId, query)),
  route(api.createTemplate).handle(({ auth, body, client }) => createTemplate(auth.accountId, body, client)),
);
