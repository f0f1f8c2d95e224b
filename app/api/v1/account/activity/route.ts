import { listActivity } from "@/shared/api/endpoints/settings";
import { methods, route } from "@/server/http/route";
import { listActivity as listAccountActivity } from "@/server/services/account/list-activity";

// GET /api/v1/account/activity — the activity log, newest first
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(listActivity).handle(({ auth, query }) => listAccountActivity(auth, query.page, query.limit)),
);
