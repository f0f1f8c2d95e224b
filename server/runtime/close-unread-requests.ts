// An answer written before the request's body was read to its end (413 for a
// declared 10 GB body, or any refusal that never needed the body) closes the
// connection. Kept alive, Node would go on reading and discarding the rest of
// the body, up to whatever length it declared, before it read the next
// request on that connection: a client could hold the connection (and a
// request pipelined behind it) for as long as it liked.
import type { IncomingMessage, ServerResponse } from "node:http";

export function closeConnectionIfBodyUnread(request: IncomingMessage, response: ServerResponse): void {
  const writeHead = response.writeHead;
  // Every response passes through writeHead (res.end() without it calls it too), before any header is on the wire.
  response.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    if (!request.complete) {
      this.setHeader("connection", "close");
      this.shouldKeepAlive = false;
    }
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}
