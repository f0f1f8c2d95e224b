import { methods, route } from "@/server/http/route";
import { listEvents } from "@/server/services/events/list-events";
import * as api from "@/shared/api/endpoints/events";

// GET /api/v1/events — the account's event feed, after a cursor (long-poll with `wait`)
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.listEvents).handle(({ auth, query, request }) => listEvents(auth, query, request.signal)),
);
