// Baseline for the benchmarks: a bare node:http server answering the same
// envelope as GET /api/v1/health, with the same headers.
import http from "node:http";

const body = JSON.stringify({ success: true, message: "OK", data: { status: "ok", version: "0.1.0" } });
const server = http.createServer((_request, response) => {
  response.writeHead(200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  response.end(body);
});
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  process.send?.({ port: (server.address() as { port: number }).port });
});
