// One web worker: Next.js behind our own node:http server. The server is ours
// so the socket's peer address is known: it resolves the client IP (docs/configuration.md) and
// hands it to route handlers in a header no client can set.
import http from "node:http";
import next from "next";
import { CLIENT_IP_HEADER, resolveClientIp } from "@/server/http/client-ip";
import { jobSender } from "@/server/jobs/enqueue";
import { FORWARDED_CLIENT_HEADER, VIA_PORTAL_HEADER, verifyForwardedClient } from "@/server/http/forwarded-client";
import { derivedKey } from "@/server/security/crypto";
import type { Env } from "@/server/config/env";
import { withoutApiTrailingSlash } from "./api-trailing-slash";
import { answerClientError } from "./client-error";
import { closeConnectionIfBodyUnread } from "./close-unread-requests";
import { trackResponse } from "./drain-web-server";
import { dropStalledStreams } from "./stalled-streams";

const isLoopback = (address: string | undefined) =>
  !!address && (address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127."));

export async function startWebServer(config: Env, options: { dev: boolean }): Promise<http.Server> {
  await jobSender(); // shared through globalThis with the app's bundled code
  const app = next({ dev: options.dev, dir: process.cwd(), port: config.PORT, customServer: true });
  const handle = app.getRequestHandler();
  await app.prepare();

  const forwardingKey = derivedKey("forwarded-client");
  const server = http.createServer((request, response) => {
    trackResponse(server, response);
    const forwardedFor = request.headers["x-forwarded-for"];
    const vouched = isLoopback(request.socket.remoteAddress)
      ? verifyForwardedClient(forwardingKey, request.headers[FORWARDED_CLIENT_HEADER] as string | undefined)
      : null;
    delete request.headers[FORWARDED_CLIENT_HEADER];
    delete request.headers[VIA_PORTAL_HEADER];
    if (vouched) request.headers[VIA_PORTAL_HEADER] = "1";
    request.headers[CLIENT_IP_HEADER] =
      vouched ??
      resolveClientIp(
        request.socket.remoteAddress,
        Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor,
        config.TRUSTED_PROXIES,
      );
    if (request.url) request.url = withoutApiTrailingSlash(request.url);
    closeConnectionIfBodyUnread(request, response);
    dropStalledStreams(request, response);
    void handle(request, response);
  });
  server.on("clientError", answerClientError);
  if (options.dev) {
    const upgrade = app.getUpgradeHandler();
    server.on("upgrade", (request, socket, head) => void upgrade(request, socket, head));
  }
  // Keep-alive above a typical load balancer's idle timeout, so it closes first.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(config.PORT, resolve));
  return server;
}
