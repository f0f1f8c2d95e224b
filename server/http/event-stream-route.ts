// `eventStreamRoute(endpoint).handle(handler)` for endpoints whose success is
// a `text/event-stream` (declared with `eventStream`). Every step before the
// handler is the route wrapper's (route.ts), and errors up to the first byte
// of the stream answer with the envelope.
import type { z } from "zod";
import type { AuthMode, Endpoint } from "@/shared/api/endpoint";
import { type HandlerContext, prepare, type Route, respond } from "./route";

export function eventStreamRoute<P extends z.ZodType, Q extends z.ZodType, A extends AuthMode>(
  endpoint: Endpoint<P, Q, z.ZodUndefined, z.ZodType, A>,
) {
  if (!endpoint.eventStream) throw new Error(`${endpoint.operationId} is not declared as an event stream`);
  return {
    handle: (handler: (context: HandlerContext<P, Q, z.ZodUndefined, A>) => Promise<ReadableStream<Uint8Array>>): Route => ({
      method: endpoint.method,
      handler: (request, context) =>
        respond(request, async (info) => {
          const handlerContext = await prepare<P, Q, z.ZodUndefined, A>(endpoint, request, context, info);
          const stream = await handler(handlerContext);
          const headers = new Headers({
            "content-type": "text/event-stream; charset=utf-8",
            "cache-control": "no-store",
            // Proxies that buffer (nginx) pass each event on at once.
            "x-accel-buffering": "no",
          });
          handlerContext.response.headers.forEach((value, name) => headers.append(name, value));
          return new Response(stream, { status: 200, headers });
        }),
    }),
  };
}
