import * as api from "@/shared/api/endpoints/health";
import { methods, route } from "@/server/http/route";
import { checkDatabase } from "@/server/services/health/check-database";

// GET /api/v1/health/ready — readiness, checks the database
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.getReadiness).handle(async () => {
    await checkDatabase();
    return { status: "ready", database: "ok" };
  }),
);
