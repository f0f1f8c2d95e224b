// Stopping a web worker without cutting anyone off: stop accepting
// connections, let requests in flight finish (their answers end their
// connections: `Connection: close`), close keep-alive connections as soon as
// they are idle, and only after `graceMs` cut what is still open.
import type http from "node:http";

const inFlight = new WeakMap<http.Server, Set<http.ServerResponse>>();

/** Called for every request, so a drain can tell the answers still to come to close their connection. */
export function trackResponse(server: http.Server, response: http.ServerResponse): void {
  let responses = inFlight.get(server);
  if (!responses) inFlight.set(server, (responses = new Set()));
  if (!server.listening) response.shouldKeepAlive = false;
  responses.add(response);
  const forget = () => responses.delete(response);
  response.once("finish", forget).once("close", forget);
}

export function drainWebServer(server: http.Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    for (const response of inFlight.get(server) ?? []) if (!response.headersSent) response.shouldKeepAlive = false;
    // A connection goes idle when its last answer ends; sweep until none is left.
    const sweeper = setInterval(() => server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(sweeper);
      clearTimeout(deadline);
      resolve();
    });
    server.closeIdleConnections();
  });
}
