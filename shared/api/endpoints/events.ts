import { eventPageSchema, listEventsQuery, streamEventsQuery } from "@/shared/schemas/events";
import { z } from "zod";
import { defineEndpoint } from "../endpoint";

const access = "Readable with an access token or an API key with the scope `events:read` or `full` (403 `forbidden` for other keys).";
const limits =
  "Streams and waiting long polls count together: at most 20 open at once per session or API key and 50 per account by default; one more is 429 `rate_limited` with `data.limit` naming the limit (`feed_connections_per_credential` or `feed_connections_per_account`) and `data.max` its value.";

export const listEvents = defineEndpoint({
  method: "GET",
  path: "/events",
  operationId: "listEvents",
  access: "sending:read",
  summary: "The account's events, oldest first, after a cursor",
  description: `Every event of the account's mail in commit order: message events, suppression list changes, domain verification changes and hosted-mailbox events. Store \`nextCursor\` and send it back as \`after\`: the same cursor always returns the same next events, with no gaps or duplicates. Without \`after\` the feed starts at the oldest event kept (30 days). With \`wait\`, a request that finds nothing new waits for the next event, and answers 401 \`unauthorized\` as soon as its credential stops working meanwhile (signed out, the key deleted). A cursor older than the retention is 410 \`cursor_expired\`. ${access} ${limits}`,
  tag: "Events",
  auth: "bearer-or-api-key",
  apiKeyScope: "events:read",
  query: listEventsQuery,
  response: eventPageSchema,
  message: "OK",
  errors: ["cursor_expired"],
});

export const streamEvents = defineEndpoint({
  method: "GET",
  path: "/events/stream",
  operationId: "streamEvents",
  access: "sending:read",
  summary: "The account's events, live (Server-Sent Events)",
  description: `The feed of \`GET /events\` as \`text/event-stream\`: each event is an SSE message whose \`event\` is the type, \`data\` the event as JSON and \`id\` a cursor. Reconnecting with \`Last-Event-ID\` (browsers' EventSource does it) resumes after that event. Comment lines keep an idle connection open; a client that stops reading is disconnected and resumes from its last id. The stream ends, after a comment saying why, as soon as its credential stops working: signed out, the API key deleted, or the access token expired (reconnect with a fresh one). ${access} ${limits}`,
  tag: "Events",
  auth: "bearer-or-api-key",
  apiKeyScope: "events:read",
  query: streamEventsQuery,
  response: z.null(),
  eventStream:
    "`id: <cursor>`, `event: <type>`, `data: <the event as JSON, as in GET /events>`, then a blank line; `: heartbeat` comments while idle.",
  message: "A stream of events",
  errors: ["cursor_expired"],
});
