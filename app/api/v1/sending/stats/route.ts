import { methods, route } from "@/server/http/route";
import { readSendingStats } from "@/server/services/stats/read-sending-stats";
import * as api from "@/shared/api/endpoints/stats";

// GET /api/v1/sending/stats — the account's message events counted by hour or day
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.getSendingStats).handle(({ auth, query }) => readSendingStats(auth, query)),
);
