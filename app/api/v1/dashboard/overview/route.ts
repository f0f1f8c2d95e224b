import { methods, route } from "@/server/http/route";
import { dashboardOverview } from "@/server/services/dashboard/dashboard-overview";
import * as api from "@/shared/api/endpoints/dashboard";

// GET /api/v1/dashboard/overview — the portal home page's figures
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(api.getDashboardOverview).handle(({ auth }) => dashboardOverview(auth)));
