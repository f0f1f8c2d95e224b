import { methods, route } from "@/server/http/route";
import { listTickets } from "@/server/services/support/list-tickets";
import * as api from "@/shared/api/endpoints/support";

// GET /api/v1/support/tickets — the signed-in account's tickets
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.listSupportTickets).handle(({ auth, query }) => listTickets(auth, query.page, query.limit)),
);
