// Embedded mode: PGlite (PostgreSQL compiled to WASM) persisted under DATA_DIR,
// served over the PostgreSQL wire protocol on loopback so the app, migrations
// and job queue use the same node-postgres code path as a real server.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { freeLoopbackPort } from "@/server/engines/free-port";
import { lockSessionPerExchange } from "./embedded-session-lock";

export type EmbeddedPostgres = { url: string; stop: () => Promise<void> };

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  /** Must cover every pool that connects (pglite-socket refuses, not queues, the excess). */
  maxConnections: number;
}): Promise<EmbeddedPostgres> {
  const directory = path.join(options.dataDir, "pg");
  mkdirSync(directory, { recursive: true }); // PGlite does not create parent folders
  const database = await PGlite.create(directory);
  const port = await freeLoopbackPort();
  const server = new PGLiteSocketServer({
    db: database,
    host: "127.0.0.1",
    port,
    maxConnections: options.maxConnections,
  });
  lockSessionPerExchange(server);
  await server.start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop();
      await database.close();
    },
  };
}
