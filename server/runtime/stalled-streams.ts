// A live event stream whose client stops reading (docs/events.md, "Live").
// The stream is pull-based, but a write is not refused when the socket is
// full, so the connection itself is watched: once bytes wait to be sent and
// none has left for STALLED_STREAM_MS, or more than MAX_UNSENT_BYTES wait,
// the connection is closed. The client resumes with Last-Event-ID. Progress
// is measured, not idleness: a socket's idle timer restarts on every write,
// even one that only queues.
import type http from "node:http";

export const STALLED_STREAM_MS = 30_000;
const MAX_UNSENT_BYTES = 4 * 1024 * 1024;
const CHECK_EVERY_MS = 1_000;

export function dropStalledStreams(request: http.IncomingMessage, response: http.ServerResponse): void {
  if (!request.url?.startsWith("/api/v1/events/stream")) return;
  const socket = request.socket;
  let sent = -1;
  let stalledSince = Date.now();
  const check = setInterval(() => {
    const waiting = socket.writableLength;
    // bytesWritten counts what is queued too; what has left is the difference.
    const left = socket.bytesWritten - waiting;
    if (waiting === 0 || left !== sent) {
      sent = left;
      stalledSince = Date.now();
    }
    if (waiting > MAX_UNSENT_BYTES || Date.now() - stalledSince >= STALLED_STREAM_MS) response.destroy();
  }, CHECK_EVERY_MS);
  check.unref();
  response.once("close", () => clearInterval(check));
}
