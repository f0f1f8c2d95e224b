import { methods, route } from "@/server/http/route";
import { listReputationWarnings } from "@/server/services/stats/read-reputation-warnings";
import * as api from "@/shared/api/endpoints/stats";

// GET /api/v1/sending/reputation-warnings — the sending domains whose last 24 hours passed a bounce or complaint rate
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.listReputationWarnings).handle(({ auth, query }) => listReputationWarnings(auth, query)),
);
