// A web worker the primary forks (node:cluster shares the port): our HTTP
// server in front of Next.js. It tells the primary when it serves, and on
// SIGTERM finishes the requests in flight within WEB_DRAIN_MS.
import type { Env } from "@/server/config/env";
import { drainWebServer } from "@/server/runtime/drain-web-server";
import { startWebServer } from "@/server/runtime/web-server";
import { WEB_DRAIN_MS } from "./processes";

export async function runWebWorker(config: Env, { dev }: { dev: boolean }): Promise<void> {
  const server = await startWebServer(config, { dev });
  process.send?.("ready");
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await drainWebServer(server, WEB_DRAIN_MS);
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => {}); // the primary decides when workers stop
}
