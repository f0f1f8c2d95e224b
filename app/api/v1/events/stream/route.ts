import { eventStreamRoute } from "@/server/http/event-stream-route";
import { methods } from "@/server/http/route";
import { openEventStream } from "@/server/services/events/stream-events";
import * as api from "@/shared/api/endpoints/events";

// GET /api/v1/events/stream — the account's event feed, live (Server-Sent Events; Last-Event-ID resumes)
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  eventStreamRoute(api.streamEvents).handle(({ auth, query: { after, ...filter }, request }) =>
    openEventStream(auth, request.headers.get("last-event-id") ?? after, filter, request.signal),
  ),
);
