// The one database handle of an app process: node-postgres pool + Drizzle.
// Embedded mode is invisible here: the launcher serves PGlite over the
// PostgreSQL protocol and hands us its DATABASE_URL (see server/db/embedded.ts).
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { env } from "@/server/config/env";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema>;
/** A transaction handle or the database itself: services take either. */
export type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

type Handle = { pool: pg.Pool; db: Database };

// Kept on globalThis so dev-mode reloads and separately bundled routes share one pool.
const holder = globalThis as typeof globalThis & { __cesDatabase?: Handle };

function connect(): Handle {
  const { DATABASE_URL, DATABASE_POOL_MAX } = env();
  if (!DATABASE_URL) {
    throw new Error("DATABASE_URL is not set: start the app with `npm start`, which provides the embedded database");
  }
  const pool = new pg.Pool({
    connectionString: DATABASE_URL,
    max: DATABASE_POOL_MAX,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  return { pool, db: drizzle(pool, { schema }) };
}

function handle(): Handle {
  holder.__cesDatabase ??= connect();
  return holder.__cesDatabase;
}

export function db(): Database {
  return handle().db;
}

export function pool(): pg.Pool {
  return handle().pool;
}
