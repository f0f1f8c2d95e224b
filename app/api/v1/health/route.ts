import * as api from "@/shared/api/endpoints/health";
import { methods, route } from "@/server/http/route";
import { appVersion } from "@/server/version";

// GET /api/v1/health — liveness, constant work
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(api.getHealth).handle(async () => ({ status: "ok", version: appVersion })));
