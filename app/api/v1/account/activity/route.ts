import * as api from "@/shared/api/endpoints/settings";
import { methods, route } from "@/server/http/route";
import { listActivity } from "@/server/services/account/list-activity";

// GET /api/v1/account/activity — the activity log, newest first
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.listActivity).handle(({ auth, query }) => listActivity(auth, query.page, query.limit)),
);
