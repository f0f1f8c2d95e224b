// A live event stream whose client stops reading (docs/events.md, "Live"):
// the stream itself is pull-based, so the server never buffers more than a
// page for it, and once the client has taken no byte for this long (the
// socket's writes make no progress; idle streams write a heartbeat every
// 15 s) the connection is closed. The client reconnects with Last-Event-ID.
import type http from "node:http";

export const STALLED_STREAM_MS = 30_000;

export function dropStalledStreams(request: http.IncomingMessage, response: http.ServerResponse): void {
  if (!request.url?.startsWith("/api/v1/events/stream")) return;
  response.setTimeout(STALLED_STREAM_MS, () => response.destroy());
}
